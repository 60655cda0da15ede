/**
 * The Terms of Service and Privacy Notice that sign-up asks the user to agree to (issue 14),
 * written out in plain language in issue 26. They describe what this software does with data,
 * as README.md and docs/deploy.md document it: what it stores, where, for how long, and what
 * leaves the server under each engine setting. The operator (the clinic or organisation running
 * Clerkly) is named by its own sign-up and contact channels; nothing here names a third party
 * the operator has not configured.
 */
export type LegalPage = {
  title: string;
  /** Plain-language sections, each a heading and its points. */
  sections: { heading: string; points: string[] }[];
};

export const TERMS_PAGE: LegalPage = {
  title: 'Terms of Service',
  sections: [
    {
      heading: 'Who provides the service',
      points: [
        'Clerkly is run by the clinic or organisation that gave you access to it (the operator). The operator decides who may have an account, and which engines and plans are switched on.',
      ],
    },
    {
      heading: 'What Clerkly does',
      points: [
        'Clerkly records a consultation, turns the speech into a transcript and drafts notes from it in the templates you choose.',
        'A drafted note is a suggestion. You review it, correct it and remain responsible for every note you save or copy into a record.',
        'Clerkly marks facts in a note that it cannot find in the transcript, and fields the consultation did not state, but it cannot catch every mistake.',
      ],
    },
    {
      heading: 'Your part',
      points: [
        'Record a consultation only after the patient has agreed to it being recorded and transcribed; Clerkly asks you to confirm this for every session.',
        'Keep your password to yourself. A session without Remember Me ends after 30 idle minutes and at most 12 hours after sign-in; with it, after 30 days.',
        'Do not use Clerkly for emergencies or as the only record of a consultation.',
      ],
    },
    {
      heading: 'Free trial and plans',
      points: [
        'A free trial allows 15 sessions, 45 notes and up to 4 templates per session. Writing the notes of a session and template again (after recording more, or regenerating) does not use up another note.',
        'Where the operator offers paid plans, payment is handled by Stripe. A cancelled plan runs until the end of the period already paid for.',
      ],
    },
    {
      heading: 'Changes',
      points: [
        'The operator may change these terms and will show the new text here. Using Clerkly after a change means you accept it.',
      ],
    },
  ],
};

export const PRIVACY_PAGE: LegalPage = {
  title: 'Privacy Policy',
  sections: [
    {
      heading: 'What Clerkly stores',
      points: [
        'About you: your name, e-mail address, a hash of your password (never the password itself), your profession, the templates and conditions you chose, and your sign-in sessions (stored as hashes).',
        'About each consultation: the patient’s name and date of birth, the appointment type, that consent was given, the transcript, the notes and your edits, and how long the recording was.',
        'Counters of sessions and notes for the free trial, and, with a paid plan, the state of your subscription.',
      ],
    },
    {
      heading: 'Where it is stored',
      points: [
        'In the operator’s database, on the operator’s server. Patient names, transcripts, notes and recordings are encrypted (AES-256-GCM) before they reach the database, with a key the operator keeps apart from it.',
        'The server’s logs never contain transcripts or notes.',
      ],
    },
    {
      heading: 'How long it is kept',
      points: [
        'Recording audio is deleted as soon as it has been transcribed, and at the latest when the session is saved, unless the operator has chosen to keep audio with the session.',
        'Saved sessions, transcripts and notes are kept until the operator deletes them; Clerkly does not delete them on its own. Sign-in sessions end as described in the Terms.',
        'While you record, your browser keeps a copy of the recording until the session is saved, so a closed tab or a crash does not lose it.',
      ],
    },
    {
      heading: 'What leaves the server',
      points: [
        'With the offline engines (speech-to-text “sphinx” and notes “builtin”, the defaults), audio, transcripts and notes never leave the operator’s server.',
        'If the operator sets speech-to-text to Deepgram, the recording is sent to Deepgram to be transcribed. If it is set to a Whisper-compatible service, the recording is sent to the address the operator configured, which may be a server of its own.',
        'If the operator sets the note engine to a language model, the transcript (and, when you regenerate, your instruction and the previous note) is sent to the address the operator configured.',
        'If paid plans are switched on, your name and e-mail address are sent to Stripe, which handles payment; no consultation data is. E-mails such as sign-in codes go through the mail server the operator configured.',
        'The note screen shows which engine transcribed a session.',
      ],
    },
    {
      heading: 'Your choices',
      points: [
        'You can see and change your profile at any time. To see, correct or delete other data about you or your patients, contact the operator, who is responsible for it.',
      ],
    },
  ],
};
