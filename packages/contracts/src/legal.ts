/**
 * Issue 14: the Terms of Service and Privacy Policy that sign-up asks the user to agree to. The
 * product ships templates only: the clinic running it is the data controller and must write its
 * own terms with its legal adviser. Nothing here is a legal claim about the service.
 */
export const LEGAL_TEMPLATE_NOTICE =
  'Template: the clinic or organisation that runs Clerkly must replace this page with its own text before patients’ data is recorded. It is not legal advice and makes no promise on anyone’s behalf.';

export type LegalPage = {
  title: string;
  /** Headings with the points the clinic's own text should cover. */
  sections: { heading: string; points: string[] }[];
};

export const TERMS_PAGE: LegalPage = {
  title: 'Terms of Service',
  sections: [
    {
      heading: 'Who provides the service',
      points: ['[Name and contact details of the clinic or organisation running Clerkly]'],
    },
    {
      heading: 'What the service does',
      points: [
        'Clerkly records a consultation with the patient’s consent and drafts notes from it.',
        'Drafted notes are suggestions: the clinician reviews, corrects and is responsible for every note saved.',
      ],
    },
    {
      heading: 'What the clinic must add',
      points: [
        '[Who may use the service, and how accounts are ended]',
        '[Fees and subscriptions, if any]',
        '[Liability, governing law and how these terms change]',
      ],
    },
  ],
};

export const PRIVACY_PAGE: LegalPage = {
  title: 'Privacy Policy',
  sections: [
    {
      heading: 'Who is responsible for the data',
      points: [
        '[Name and contact details of the data controller and, if any, its data protection officer]',
      ],
    },
    {
      heading: 'What is processed',
      points: [
        'Account details of clinicians: name, e-mail address, profession.',
        'Consultation audio, its transcript and the notes made from it, with the patient’s consent.',
      ],
    },
    {
      heading: 'What the clinic must add',
      points: [
        '[Legal basis for processing health data in your jurisdiction]',
        '[Where data is stored, for how long, and who processes it on your behalf]',
        '[How patients and clinicians can see, correct or delete their data, and how to complain]',
      ],
    },
  ],
};
