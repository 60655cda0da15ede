import { GENERAL_MEDICINE, type ProfessionName } from '@clerkly/contracts';

/** One section of a generated note, with the instruction the note-writing engine follows. */
interface CatalogueTopic {
  name: string;
  guidance: string;
}

/** One entry of the template catalogue (spec points 3 and 6). */
export interface CatalogueTemplate {
  /** Unique across the catalogue. */
  name: string;
  /** One or two sentences a clinician reads on the template card. */
  description: string;
  /** GENERAL_MEDICINE templates apply to every clinician; others to one profession (spec point 6). */
  medicalProfession: typeof GENERAL_MEDICINE | ProfessionName;
  /** 1 = recommended for that profession. */
  recommend: 0 | 1;
  kind: 'note' | 'letter' | 'certificate' | 'summary';
  /** Ordered sections of the note; at least 3. */
  topics: readonly CatalogueTopic[];
}

/**
 * The template catalogue seeded into the database.
 *
 * The id of each template is its 1-based position in this array, and topic ids follow the same
 * order. The list is append-only: once seeded, ids must never shift (saved notes and users'
 * common templates refer to them), so never reorder, insert into or remove from it; add new
 * templates at the end.
 *
 * Synthetic reference data only: no real patient data.
 */
export const TEMPLATE_CATALOGUE: readonly CatalogueTemplate[] = [
  // ---------------------------------------------------------------------------------------------
  // General practice (GENERAL_MEDICINE)
  // ---------------------------------------------------------------------------------------------
  {
    name: 'SOAP Note',
    description:
      'The classic four-part consultation note. Suits almost any visit where a concise, structured record is needed.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Subjective',
        guidance:
          "Patient's reported symptoms, history of the presenting complaint, relevant background and concerns in their own terms.",
      },
      {
        name: 'Objective',
        guidance:
          'Observations, vital signs, examination findings and any test results available during the consultation.',
      },
      {
        name: 'Assessment',
        guidance:
          'Working diagnosis or problem list with brief clinical reasoning and relevant differential diagnoses.',
      },
      {
        name: 'Plan',
        guidance:
          'Investigations ordered, treatment and prescriptions, referrals, patient education, safety-netting and follow-up arrangements.',
      },
    ],
  },
  {
    name: 'Clinic Visit Note',
    description:
      'A full outpatient visit note following the traditional medical record layout, from chief complaint to assessment and plan.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Chief Complaint',
        guidance:
          'The main reason for the visit in one short phrase, ideally in the patient’s words.',
      },
      {
        name: 'History of Present Illness',
        guidance:
          'Onset, duration, character, severity, aggravating and relieving factors, associated symptoms and treatments tried so far.',
      },
      {
        name: 'Review of Systems',
        guidance:
          'Pertinent positives and negatives by body system as discussed; do not list systems that were not reviewed.',
      },
      {
        name: 'Physical Examination',
        guidance:
          'Vital signs and examination findings by system exactly as stated by the clinician; never infer unexamined findings.',
      },
      {
        name: 'Results',
        guidance:
          'Laboratory, imaging and other test results reviewed during the visit, with dates and notable values.',
      },
      {
        name: 'Assessment and Plan',
        guidance:
          'Each problem with its assessment, followed by investigations, treatment, referrals, education and follow-up for that problem.',
      },
    ],
  },
  {
    name: 'Progress Note',
    description:
      'A follow-up note recording what has changed since the last visit and how the management plan is progressing.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Interval History',
        guidance:
          'Changes in symptoms, events and new concerns since the previous consultation, including response to treatment.',
      },
      {
        name: 'Current Status',
        guidance:
          'How the patient is now: symptom control, function, adherence to treatment and any side effects reported.',
      },
      {
        name: 'Examination',
        guidance:
          'Observations and focused examination findings from this visit, as stated by the clinician.',
      },
      {
        name: 'Results',
        guidance:
          'New investigation results reviewed today and how they compare with previous results.',
      },
      {
        name: 'Assessment',
        guidance:
          'Progress of each active problem: improving, stable or worsening, with brief clinical reasoning.',
      },
      {
        name: 'Plan',
        guidance:
          'Changes to management, new investigations or referrals, and when and why the patient should be reviewed next.',
      },
    ],
  },
  {
    name: 'Referral Letter',
    description:
      'A letter referring the patient to a specialist or service, stating the question to be answered and the relevant background.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'letter',
    topics: [
      {
        name: 'Recipient and Urgency',
        guidance:
          'Specialty or service the letter is addressed to and the urgency of the referral, if stated; leave a placeholder otherwise.',
      },
      {
        name: 'Reason for Referral',
        guidance:
          'The specific clinical question or service requested, stated clearly in one or two sentences.',
      },
      {
        name: 'History of Presenting Complaint',
        guidance:
          'Concise history of the problem being referred, including duration, progression and management tried so far.',
      },
      {
        name: 'Past Medical History',
        guidance:
          'Relevant past medical and surgical history that the specialist should know about.',
      },
      {
        name: 'Medications and Allergies',
        guidance:
          'Current medications with dose and frequency, and known allergies with the reaction, as discussed.',
      },
      {
        name: 'Investigations',
        guidance:
          'Relevant results already available, with dates, so tests are not needlessly repeated.',
      },
      {
        name: 'Closing',
        guidance:
          'Polite closing that thanks the recipient, invites contact for further information and leaves a signature placeholder.',
      },
    ],
  },
  {
    name: 'Specialist Letter',
    description:
      'A letter from a specialist back to the referring practitioner summarising the assessment and recommendations.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'letter',
    topics: [
      {
        name: 'Introduction',
        guidance:
          'Thank the referring practitioner and state when the patient was seen and the reason for the referral.',
      },
      {
        name: 'History',
        guidance:
          'Summary of the relevant history obtained at the consultation, focused on the referral question.',
      },
      {
        name: 'Examination Findings',
        guidance: 'Key positive and relevant negative examination findings, stated concisely.',
      },
      {
        name: 'Investigations',
        guidance: 'Results reviewed and tests arranged, with the reason each new test was ordered.',
      },
      {
        name: 'Impression',
        guidance:
          'Diagnosis or differential diagnosis with brief reasoning that answers the referral question.',
      },
      {
        name: 'Recommendations',
        guidance:
          'Specific management recommendations, including medication changes and what the referring practitioner is asked to do.',
      },
      {
        name: 'Follow-up Arrangements',
        guidance:
          'Whether and when the specialist will review the patient again, or discharge back to the referrer.',
      },
    ],
  },
  {
    name: 'Patient-Friendly Summary',
    description:
      'A plain-language summary for the patient to take home, explaining what was found and what happens next.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'summary',
    topics: [
      {
        name: 'What We Discussed',
        guidance:
          'Short plain-language summary of why the patient came in and what was talked about, avoiding medical jargon.',
      },
      {
        name: 'What We Found',
        guidance:
          'The diagnosis or likely cause explained simply, with any test results described in everyday words.',
      },
      {
        name: 'Your Treatment Plan',
        guidance:
          'What the patient should do, including any new medicines with how and when to take them, in simple steps.',
      },
      {
        name: 'When to Seek Help',
        guidance:
          'Warning signs that mean the patient should return sooner or seek urgent care, written as a clear list.',
      },
      {
        name: 'Next Steps',
        guidance:
          'Tests, referrals and the next appointment, with when each is expected to happen.',
      },
    ],
  },
  {
    name: 'Care Plan',
    description:
      'A structured plan of the patient’s health problems, goals and agreed actions, shared between the patient and care team.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Health Problems',
        guidance: 'Active health problems and needs addressed by this plan, listed one per line.',
      },
      {
        name: 'Goals',
        guidance:
          'Specific, measurable goals agreed with the patient for each problem, in the patient’s own terms where possible.',
      },
      {
        name: 'Interventions',
        guidance:
          'Treatments, services and actions planned to reach each goal, including medicines, therapy and lifestyle changes.',
      },
      {
        name: 'Care Team Responsibilities',
        guidance:
          'Who is responsible for each action, by role (for example practice nurse, physiotherapist), without naming individuals.',
      },
      {
        name: 'Patient Actions',
        guidance: 'What the patient has agreed to do themselves between appointments.',
      },
      {
        name: 'Review Date',
        guidance:
          'When and how the plan will be reviewed, and what would prompt an earlier review.',
      },
    ],
  },
  {
    name: 'Telehealth Consultation Note',
    description:
      'A consultation note for video or telephone visits, recording consent, identity checks and the limits of remote assessment.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Consultation Details',
        guidance:
          'Modality (video or phone), patient identity confirmation, verbal consent to telehealth and the patient’s location if stated.',
      },
      {
        name: 'Presenting Complaint',
        guidance: 'The main reason for the consultation in one or two sentences.',
      },
      {
        name: 'History',
        guidance:
          'History of the presenting complaint with relevant past history, medications and allergies as discussed.',
      },
      {
        name: 'Remote Observations',
        guidance:
          'What could be observed or was self-reported remotely, such as home readings or visible signs; note examination limits.',
      },
      {
        name: 'Assessment',
        guidance:
          'Working diagnosis and whether an in-person review is needed, with the reasoning.',
      },
      {
        name: 'Plan',
        guidance:
          'Prescriptions sent electronically, tests requested, referrals and follow-up arrangements.',
      },
      {
        name: 'Safety-netting Advice',
        guidance:
          'Red-flag symptoms discussed and advice on when to seek in-person or emergency care.',
      },
    ],
  },
  {
    name: 'Discharge Summary',
    description:
      'A summary of an admission or episode of care for the patient’s ongoing practitioner, with discharge medications and follow-up.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 0,
    kind: 'summary',
    topics: [
      {
        name: 'Admission Details',
        guidance: 'Dates of admission and discharge and the admitting unit or service, if stated.',
      },
      {
        name: 'Presenting Problem',
        guidance: 'Why the patient was admitted, in one or two sentences.',
      },
      {
        name: 'Diagnoses',
        guidance:
          'Principal diagnosis followed by secondary diagnoses and complications during the stay.',
      },
      {
        name: 'Hospital Course',
        guidance:
          'Concise narrative of assessment, treatment and response during the admission, including procedures performed.',
      },
      {
        name: 'Discharge Medications',
        guidance:
          'Medications on discharge with dose and frequency, clearly marking those started, changed or stopped.',
      },
      {
        name: 'Follow-up',
        guidance:
          'Appointments arranged, pending results and actions requested of the patient’s usual practitioner.',
      },
      {
        name: 'Patient Instructions',
        guidance:
          'Advice given to the patient on discharge, including activity, wound care and warning signs.',
      },
    ],
  },
  {
    name: 'Medication Review',
    description:
      'A structured review of all current medicines for effectiveness, safety, adherence and interactions.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Current Medications',
        guidance:
          'Current medications with dose, route and frequency, including over-the-counter and complementary medicines.',
      },
      {
        name: 'Adherence',
        guidance:
          'How the patient actually takes each medicine, missed doses and practical barriers mentioned.',
      },
      {
        name: 'Adverse Effects',
        guidance: 'Side effects reported or suspected, with the medicine thought responsible.',
      },
      {
        name: 'Interactions and Contraindications',
        guidance:
          'Drug interactions, duplications and contraindications identified, including relevant kidney or liver function.',
      },
      {
        name: 'Changes Made',
        guidance:
          'Medicines started, stopped or changed today, each with the reason for the change.',
      },
      {
        name: 'Monitoring Plan',
        guidance:
          'Blood tests or observations needed to monitor therapy and when the next review is due.',
      },
    ],
  },
  {
    name: 'Chronic Disease Management Plan',
    description:
      'A management plan for a patient with one or more chronic conditions, with goals, treatments and allied health input.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Chronic Conditions',
        guidance:
          'Chronic conditions covered by the plan, with duration and current severity where stated.',
      },
      {
        name: 'Current Management',
        guidance: 'Current treatments, medicines and services already in place for each condition.',
      },
      {
        name: 'Patient Goals',
        guidance:
          'Goals agreed with the patient, such as targets for blood pressure, weight or activity.',
      },
      {
        name: 'Treatments and Services',
        guidance:
          'Planned treatments, tests and monitoring for each condition, with frequency and responsible role.',
      },
      {
        name: 'Allied Health Referrals',
        guidance:
          'Allied health services the patient is referred to and the purpose of each referral.',
      },
      {
        name: 'Self-management',
        guidance: 'Actions the patient will take, education given and resources provided.',
      },
      {
        name: 'Review Date',
        guidance: 'When the plan will next be reviewed and the measures that will be checked.',
      },
    ],
  },
  {
    name: 'Mental Health Care Plan',
    description:
      'A mental health treatment plan documenting assessment, risk, goals and referrals to psychological services.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Issues',
        guidance:
          'Current mental health concerns, their duration and their impact on daily functioning.',
      },
      {
        name: 'Mental Health History',
        guidance:
          'Previous episodes, diagnoses, treatments and admissions, and relevant family history of mental illness.',
      },
      {
        name: 'Mental State Examination',
        guidance:
          'Appearance, behaviour, speech, mood, affect, thought form and content, perception, cognition and insight as observed.',
      },
      {
        name: 'Risk Assessment',
        guidance:
          'Risk of self-harm, suicide and harm to others, protective factors and the overall risk level as judged by the clinician.',
      },
      {
        name: 'Outcome Measure',
        guidance:
          'Name and score of any standardised tool used today, such as K10 or PHQ-9, if stated.',
      },
      {
        name: 'Diagnosis',
        guidance: 'Provisional mental health diagnosis or formulation as stated by the clinician.',
      },
      {
        name: 'Goals and Treatment',
        guidance:
          'Goals agreed with the patient and planned treatments, including psychological therapy, medication and self-help.',
      },
      {
        name: 'Referrals',
        guidance:
          'Referrals made to psychologists or other services and the number of sessions requested.',
      },
      {
        name: 'Crisis and Relapse Plan',
        guidance:
          'Early warning signs, what the patient will do in a crisis and crisis contacts discussed.',
      },
      {
        name: 'Review',
        guidance: 'When the plan will be reviewed and how progress will be measured.',
      },
    ],
  },
  {
    name: 'Health Assessment',
    description:
      'A preventive health assessment covering risk factors, screening, immunisation and functional status.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Medical History',
        guidance:
          'Current and past medical conditions, surgery and medications relevant to the assessment.',
      },
      {
        name: 'Lifestyle Risk Factors',
        guidance:
          'Smoking, alcohol, other substances, diet, physical activity and sleep as reported.',
      },
      {
        name: 'Measurements',
        guidance:
          'Height, weight, BMI, waist circumference, blood pressure and other measurements taken today.',
      },
      {
        name: 'Screening',
        guidance:
          'Status of age-appropriate screening such as cervical, bowel, breast, cardiovascular risk and diabetes screening.',
      },
      {
        name: 'Immunisation Status',
        guidance: 'Vaccines up to date, overdue or given today.',
      },
      {
        name: 'Functional and Social Status',
        guidance:
          'Mobility, falls, cognition, mood, social supports and home safety where relevant to the patient.',
      },
      {
        name: 'Recommendations',
        guidance:
          'Identified risks and the agreed actions, referrals and follow-up to address each.',
      },
    ],
  },
  {
    name: 'Brief Consult Note',
    description:
      'A short note for quick, single-issue consultations such as script renewals or minor illness.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Visit',
        guidance: 'The single issue addressed today, in one sentence.',
      },
      {
        name: 'Key Findings',
        guidance:
          'Only the essential history and examination findings that support the decision made.',
      },
      {
        name: 'Assessment',
        guidance:
          'Diagnosis or clinical impression in a few words, stating uncertainty if the clinician was unsure.',
      },
      {
        name: 'Plan',
        guidance:
          'Treatment, prescriptions, advice and follow-up, kept to a few short bullet points.',
      },
    ],
  },
  {
    name: 'History and Physical',
    description:
      'A comprehensive history and physical examination, as used for new patients and admissions.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance: 'The main reason for presentation in the patient’s words, with duration.',
      },
      {
        name: 'History of Presenting Complaint',
        guidance:
          'Detailed chronological account of the presenting problem with pertinent positives and negatives.',
      },
      {
        name: 'Past Medical History',
        guidance: 'Previous medical conditions, hospital admissions and significant illnesses.',
      },
      {
        name: 'Past Surgical History',
        guidance: 'Previous operations and procedures with approximate dates, if mentioned.',
      },
      {
        name: 'Medications',
        guidance: 'Current medications with dose, route and frequency; note changes made today.',
      },
      {
        name: 'Allergies',
        guidance:
          'Drug, food and other allergies with the type of reaction; state "No known allergies" only if the clinician said so.',
      },
      {
        name: 'Family History',
        guidance: 'Relevant illnesses in first-degree relatives, including hereditary conditions.',
      },
      {
        name: 'Social History',
        guidance:
          'Occupation, living situation, supports, smoking, alcohol and other substance use, and functional independence.',
      },
      {
        name: 'Review of Systems',
        guidance: 'Pertinent positives and negatives by system for systems actually reviewed.',
      },
      {
        name: 'Physical Examination',
        guidance:
          'General appearance, vital signs and systematic examination findings exactly as reported by the clinician.',
      },
      {
        name: 'Impression',
        guidance: 'Summary of the case with the most likely diagnosis and differential diagnoses.',
      },
      {
        name: 'Plan',
        guidance:
          'Investigations, treatment, consultations requested and monitoring, listed per problem.',
      },
    ],
  },
  {
    name: 'Procedure Note',
    description:
      'A record of a minor procedure performed in the clinic, such as excision, joint injection or suturing.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 0,
    kind: 'note',
    topics: [
      {
        name: 'Procedure',
        guidance: 'Name of the procedure and the anatomical site, including side where relevant.',
      },
      {
        name: 'Indication',
        guidance:
          'Clinical reason the procedure was performed, including the working diagnosis of the lesion or condition.',
      },
      {
        name: 'Consent',
        guidance: 'Risks, benefits and alternatives discussed and how consent was obtained.',
      },
      {
        name: 'Technique',
        guidance:
          'Preparation, anaesthetic used with dose, equipment and the steps taken, in the order described.',
      },
      {
        name: 'Findings and Specimens',
        guidance: 'Findings during the procedure and any specimens sent for testing.',
      },
      {
        name: 'Complications',
        guidance: 'Immediate complications or "none" if the clinician stated there were none.',
      },
      {
        name: 'Aftercare',
        guidance:
          'Wound care, pain relief, activity advice, warning signs and when to return for review.',
      },
    ],
  },
  {
    name: 'Results Letter to Patient',
    description:
      'A short letter explaining recent test results to the patient and any action they need to take.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 0,
    kind: 'letter',
    topics: [
      {
        name: 'Greeting and Purpose',
        guidance: 'Friendly opening explaining that the letter is about recent test results.',
      },
      {
        name: 'Results Explained',
        guidance:
          'Each test and what its result means, in plain language without unexplained abbreviations.',
      },
      {
        name: 'Action Needed',
        guidance:
          'Whether any treatment, repeat test or appointment is needed, and how to arrange it.',
      },
      {
        name: 'Closing',
        guidance: 'Invitation to contact the practice with questions and a signature placeholder.',
      },
    ],
  },

  // ---------------------------------------------------------------------------------------------
  // Medical certificates (GENERAL_MEDICINE)
  // ---------------------------------------------------------------------------------------------
  {
    name: 'Medical Certificate – Work',
    description:
      'A certificate stating that the patient is unfit for work for a given period, or fit with restrictions.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'certificate',
    topics: [
      {
        name: 'Patient',
        guidance:
          'Patient name and date of birth as stated in the consultation; leave clear placeholders if they were not given.',
      },
      {
        name: 'Date of Consultation',
        guidance:
          'Date the patient was seen; use a placeholder rather than guessing if it was not stated.',
      },
      {
        name: 'Medical Condition',
        guidance:
          'State only "a medical condition" unless the patient agreed to disclose the diagnosis to the employer.',
      },
      {
        name: 'Period of Incapacity',
        guidance:
          'Dates the patient is unfit for work, from and to inclusive, and the duration in days, as stated by the clinician.',
      },
      {
        name: 'Fitness / Restrictions',
        guidance:
          'Whether the patient is unfit for all work or fit for modified duties, with any specific restrictions.',
      },
      {
        name: 'Practitioner Declaration',
        guidance:
          'Statement that the practitioner examined the patient and the certificate is issued in good faith, with signature placeholders.',
      },
    ],
  },
  {
    name: 'Medical Certificate – Study',
    description:
      'A certificate for a school, college or university stating that illness affected attendance or assessment.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'certificate',
    topics: [
      {
        name: 'Patient',
        guidance:
          'Student name and date of birth as stated in the consultation; leave clear placeholders if they were not given.',
      },
      {
        name: 'Date of Consultation',
        guidance:
          'Date the student was seen; use a placeholder rather than guessing if it was not stated.',
      },
      {
        name: 'Period of Incapacity',
        guidance:
          'Dates the student is or was unable to attend or study, from and to inclusive, and the duration in days.',
      },
      {
        name: 'Impact on Study',
        guidance:
          'Severity of the effect on attendance, exams or assignments, without disclosing the diagnosis unless the patient consented.',
      },
      {
        name: 'Recommended Adjustments',
        guidance:
          'Any extension, deferred assessment or other adjustment the clinician recommends.',
      },
      {
        name: 'Practitioner Declaration',
        guidance:
          'Statement that the practitioner assessed the student and the certificate is issued in good faith, with signature placeholders.',
      },
    ],
  },
  {
    name: "Carer's Leave Certificate",
    description:
      'A certificate confirming that the patient needs to care for an ill or injured family or household member.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'certificate',
    topics: [
      {
        name: 'Carer',
        guidance:
          'Name of the person taking carer’s leave as stated; leave a placeholder if it was not given.',
      },
      {
        name: 'Date of Consultation',
        guidance:
          'Date the person requiring care was seen; use a placeholder if it was not stated.',
      },
      {
        name: 'Person Requiring Care',
        guidance:
          'Relationship of the person requiring care to the carer; do not disclose their diagnosis.',
      },
      {
        name: 'Period of Care Required',
        guidance:
          'Dates care is required, from and to inclusive, and the duration in days, as stated by the clinician.',
      },
      {
        name: 'Practitioner Declaration',
        guidance:
          'Statement that, in the practitioner’s opinion, the person requires care for the stated period, with signature placeholders.',
      },
    ],
  },
  {
    name: 'Fitness to Return to Work Certificate',
    description:
      'A certificate clearing the patient to return to work, with any temporary restrictions or modified duties.',
    medicalProfession: GENERAL_MEDICINE,
    recommend: 1,
    kind: 'certificate',
    topics: [
      {
        name: 'Patient',
        guidance:
          'Patient name and date of birth as stated in the consultation; leave clear placeholders if they were not given.',
      },
      {
        name: 'Date of Assessment',
        guidance:
          'Date the patient was assessed for return to work; use a placeholder if it was not stated.',
      },
      {
        name: 'Fitness Status',
        guidance:
          'Whether the patient is fit for full pre-injury duties or fit for modified duties only.',
      },
      {
        name: 'Return to Work Date',
        guidance: 'The date from which the patient may resume work, as stated by the clinician.',
      },
      {
        name: 'Restrictions',
        guidance:
          'Specific temporary restrictions such as lifting limits, hours or tasks to avoid, with how long each applies.',
      },
      {
        name: 'Review Date',
        guidance: 'When fitness will be reviewed again, if a review was arranged.',
      },
      {
        name: 'Practitioner Declaration',
        guidance:
          'Statement that the practitioner assessed the patient and the certificate is issued in good faith, with signature placeholders.',
      },
    ],
  },

  // ---------------------------------------------------------------------------------------------
  // Specialty templates
  // ---------------------------------------------------------------------------------------------
  {
    name: 'Psychiatric Assessment',
    description:
      'A full psychiatric assessment with mental state examination, risk assessment and formulation.',
    medicalProfession: 'Psychiatrist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Who referred the patient, by role, and the question or concern prompting the assessment.',
      },
      {
        name: 'History of Presenting Complaint',
        guidance:
          'Onset and course of current symptoms, precipitants, impact on functioning and treatment to date.',
      },
      {
        name: 'Past Psychiatric History',
        guidance: 'Previous diagnoses, admissions, self-harm, treatments and their effectiveness.',
      },
      {
        name: 'Medical History and Medications',
        guidance:
          'Relevant physical health conditions and current medications with doses and adherence.',
      },
      {
        name: 'Substance Use',
        guidance: 'Alcohol, tobacco and other substance use with quantity, frequency and pattern.',
      },
      {
        name: 'Personal and Social History',
        guidance:
          'Developmental history, education, relationships, occupation, accommodation, finances and forensic history as discussed.',
      },
      {
        name: 'Family History',
        guidance: 'Mental illness, suicide and substance use in the family.',
      },
      {
        name: 'Mental State Examination',
        guidance:
          'Appearance, behaviour, speech, mood, affect, thought form, thought content, perception, cognition, insight and judgement.',
      },
      {
        name: 'Risk Assessment',
        guidance:
          'Risk to self, to others and from others, with protective factors and the clinician’s overall risk rating.',
      },
      {
        name: 'Formulation and Diagnosis',
        guidance:
          'Biopsychosocial formulation with predisposing, precipitating, perpetuating and protective factors, and the diagnosis.',
      },
      {
        name: 'Management Plan',
        guidance:
          'Medication, psychological therapy, social interventions, legal status if relevant, and follow-up arrangements.',
      },
    ],
  },
  {
    name: 'Psychiatric Review',
    description:
      'A follow-up psychiatric review focusing on symptom change, medication response and current risk.',
    medicalProfession: 'Psychiatrist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Interval History',
        guidance:
          'Events, symptoms and functioning since the last review, from the patient and collateral sources.',
      },
      {
        name: 'Medication Response',
        guidance:
          'Effect of current psychotropic medication, adherence and side effects, including monitoring results.',
      },
      {
        name: 'Mental State Examination',
        guidance:
          'Appearance, behaviour, speech, mood, affect, thought form and content, perception, cognition and insight today.',
      },
      {
        name: 'Risk Assessment',
        guidance: 'Current risk to self and others and any change since the last review.',
      },
      {
        name: 'Impression',
        guidance:
          'Current diagnosis and whether the patient is improving, stable or deteriorating.',
      },
      {
        name: 'Plan',
        guidance: 'Medication changes, therapy, monitoring bloods and the date of the next review.',
      },
    ],
  },
  {
    name: 'Psychology Session Note',
    description:
      'A session note for psychological therapy recording content, interventions, risk and progress towards goals.',
    medicalProfession: 'Psychologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Session Details',
        guidance:
          'Session number, format (in person, video or phone) and who attended, by role, if stated.',
      },
      {
        name: 'Presenting Concerns',
        guidance:
          'Issues the client brought to this session and updates since the previous session.',
      },
      {
        name: 'Session Content',
        guidance:
          'Main themes and material explored, summarised concisely without verbatim transcripts.',
      },
      {
        name: 'Interventions',
        guidance:
          'Therapeutic approaches and techniques used, such as CBT, ACT or exposure, and how the client engaged.',
      },
      {
        name: 'Mental State and Risk',
        guidance:
          'Brief mental state observations and any risk issues identified, with actions taken.',
      },
      {
        name: 'Progress Towards Goals',
        guidance:
          'Progress against treatment goals, including outcome measure scores if collected.',
      },
      {
        name: 'Between-session Tasks',
        guidance: 'Homework or practice agreed for before the next session.',
      },
      {
        name: 'Plan for Next Session',
        guidance: 'Focus planned for the next session and when it is scheduled.',
      },
    ],
  },
  {
    name: 'Psychological Assessment Report',
    description:
      'A report summarising a psychological assessment, test results and recommendations for the referrer.',
    medicalProfession: 'Psychologist',
    recommend: 0,
    kind: 'summary',
    topics: [
      {
        name: 'Reason for Referral',
        guidance: 'Referral source by role and the questions the assessment was asked to answer.',
      },
      {
        name: 'Background',
        guidance: 'Relevant developmental, medical, educational, social and psychological history.',
      },
      {
        name: 'Assessment Measures',
        guidance: 'Tests and measures administered, with scores and their interpretation.',
      },
      {
        name: 'Behavioural Observations',
        guidance: 'Engagement, effort, mood and behaviour observed during assessment.',
      },
      {
        name: 'Formulation',
        guidance:
          'Integrated understanding of the client’s difficulties and any diagnosis reached.',
      },
      {
        name: 'Recommendations',
        guidance:
          'Specific treatment, support and follow-up recommendations arising from the assessment.',
      },
    ],
  },
  {
    name: 'Physiotherapy Assessment',
    description:
      'A musculoskeletal assessment with subjective and objective findings, clinical impression and treatment plan.',
    medicalProfession: 'Sports Medicine Specialist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance: 'Area affected, main symptoms and the patient’s goals for treatment.',
      },
      {
        name: 'Mechanism of Injury',
        guidance:
          'How and when the problem started, including sport or activity involved, and its course since.',
      },
      {
        name: 'Pain and Symptom Behaviour',
        guidance:
          'Pain location, score, nature, aggravating and easing factors, 24-hour pattern and red-flag screening.',
      },
      {
        name: 'Functional Limitations',
        guidance: 'Activities, work and sport the patient currently cannot do or finds difficult.',
      },
      {
        name: 'Objective Assessment',
        guidance:
          'Observation, range of motion, strength, palpation, neurological screen and special tests with results.',
      },
      {
        name: 'Clinical Impression',
        guidance: 'Most likely diagnosis or source of symptoms and contributing factors.',
      },
      {
        name: 'Treatment Provided',
        guidance: 'Manual therapy, exercise, taping, education or other treatment given today.',
      },
      {
        name: 'Home Exercise Program',
        guidance:
          'Each exercise prescribed with sets, repetitions, frequency and any progression or precautions explained to the patient.',
      },
      {
        name: 'Goals and Plan',
        guidance: 'Short- and long-term goals, expected timeframe and planned number of sessions.',
      },
    ],
  },
  {
    name: 'Sports Injury Assessment',
    description: 'An assessment of an acute or overuse sports injury with return-to-play planning.',
    medicalProfession: 'Sports Medicine Specialist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Injury Details',
        guidance: 'Sport, level, date and mechanism of injury and immediate symptoms.',
      },
      {
        name: 'Training and Load History',
        guidance: 'Recent training load, changes in volume or equipment, and previous injuries.',
      },
      {
        name: 'Examination',
        guidance:
          'Inspection, palpation, range of motion, strength, stability and special test results.',
      },
      {
        name: 'Investigations',
        guidance: 'Imaging or other tests reviewed or requested, with findings.',
      },
      {
        name: 'Diagnosis',
        guidance: 'Injury diagnosis with grade or severity where stated.',
      },
      {
        name: 'Management',
        guidance:
          'Acute management, rehabilitation plan with phases, bracing or taping, load modification and any referrals made.',
      },
      {
        name: 'Return to Play',
        guidance: 'Criteria and expected timeframe for return to training and competition.',
      },
    ],
  },
  {
    name: 'Dietetic Assessment',
    description:
      'A nutrition assessment using anthropometric, biochemical, clinical and dietary data, with an intervention plan.',
    medicalProfession: 'Dietitian',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance: 'Why the patient was referred for dietetic input and their own goals.',
      },
      {
        name: 'Anthropometry',
        guidance: 'Height, weight, BMI, weight history and other body measurements reported.',
      },
      {
        name: 'Biochemistry',
        guidance:
          'Relevant blood results such as HbA1c, lipids, iron studies or renal function, with dates.',
      },
      {
        name: 'Clinical and Medical History',
        guidance:
          'Relevant diagnoses, medications, appetite, swallowing, bowel habits and food allergies or intolerances.',
      },
      {
        name: 'Dietary Intake',
        guidance:
          'Usual intake from diet history or recall, meal pattern, fluids, alcohol and supplements.',
      },
      {
        name: 'Nutrition Diagnosis',
        guidance: 'Nutrition problem, its cause and the signs or symptoms that support it.',
      },
      {
        name: 'Intervention',
        guidance: 'Dietary advice, meal plans, supplements and education provided today.',
      },
      {
        name: 'Monitoring and Goals',
        guidance: 'Measurable goals, what will be monitored and when the next review is due.',
      },
    ],
  },
  {
    name: 'Paediatric Review',
    description:
      'A paediatric consultation covering the presenting problem, growth, development and immunisations.',
    medicalProfession: 'Pediatrician',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance: 'Main concern as described by the child and parent or carer.',
      },
      {
        name: 'History of Presenting Complaint',
        guidance:
          'Onset, duration, course, associated symptoms, feeding and fluid intake, and treatment tried.',
      },
      {
        name: 'Birth and Neonatal History',
        guidance: 'Gestation, birth weight, delivery and neonatal complications where relevant.',
      },
      {
        name: 'Growth and Development',
        guidance: 'Growth measurements with centiles and developmental milestones or concerns.',
      },
      {
        name: 'Immunisations',
        guidance: 'Whether immunisations are up to date for age and any vaccines outstanding.',
      },
      {
        name: 'Family and Social History',
        guidance:
          'Household, schooling or childcare, relevant family illness and any safeguarding concerns.',
      },
      {
        name: 'Examination',
        guidance:
          'Observations with age-appropriate interpretation and examination findings by system.',
      },
      {
        name: 'Assessment',
        guidance:
          'Most likely diagnosis or differential diagnosis with brief reasoning, including how unwell the child appears.',
      },
      {
        name: 'Plan and Advice to Parents',
        guidance:
          'Treatment with weight-based doses, advice given to parents or carers, safety-netting and follow-up.',
      },
    ],
  },
  {
    name: 'Well Child Check',
    description:
      'A routine developmental check recording growth, milestones, immunisations and anticipatory guidance.',
    medicalProfession: 'Pediatrician',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Parent Concerns',
        guidance:
          'Any concerns raised by parents or carers about health, behaviour or development.',
      },
      {
        name: 'Growth',
        guidance: 'Weight, length or height and head circumference with centiles and trend.',
      },
      {
        name: 'Developmental Milestones',
        guidance: 'Gross motor, fine motor, speech and language, and social milestones for age.',
      },
      {
        name: 'Feeding and Sleep',
        guidance: 'Feeding method, diet, sleep pattern and toileting as reported.',
      },
      {
        name: 'Examination',
        guidance:
          'Age-appropriate physical examination findings, including hips, eyes and hearing where checked.',
      },
      {
        name: 'Immunisations',
        guidance:
          'Vaccines given today with site and batch if stated, any reactions, and the next vaccines due.',
      },
      {
        name: 'Anticipatory Guidance',
        guidance:
          'Age-appropriate advice given on safety, nutrition, sleep, development and parenting, including resources provided.',
      },
    ],
  },
  {
    name: 'Emergency Department Note',
    description:
      'An emergency department record from triage to disposition, including ED course and discharge advice.',
    medicalProfession: 'Emergency Medicine Physician',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Triage and Arrival',
        guidance: 'Mode of arrival, triage category and initial vital signs, if stated.',
      },
      {
        name: 'Presenting Complaint',
        guidance: 'Main complaint in a few words with duration.',
      },
      {
        name: 'History of Presenting Complaint',
        guidance:
          'Focused history including time course, mechanism for injuries and relevant red flags.',
      },
      {
        name: 'Background',
        guidance: 'Past medical history, medications, allergies and relevant social history.',
      },
      {
        name: 'Examination',
        guidance: 'Primary and secondary survey findings or focused examination, as reported.',
      },
      {
        name: 'Investigations',
        guidance: 'Bloods, ECG and imaging performed with key results.',
      },
      {
        name: 'ED Course',
        guidance: 'Treatment given in the department, response and any specialist consultation.',
      },
      {
        name: 'Diagnosis',
        guidance:
          'ED diagnosis or working diagnosis, with important conditions that were considered and excluded.',
      },
      {
        name: 'Disposition',
        guidance: 'Discharged, admitted or transferred, and to which service, with the reason.',
      },
      {
        name: 'Discharge Advice',
        guidance:
          'Advice, prescriptions, follow-up with the usual practitioner and reasons to return.',
      },
    ],
  },
  {
    name: 'Operative Note',
    description:
      'A post-operative record of the procedure, findings, complications and immediate post-operative instructions.',
    medicalProfession: 'Surgeon',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Procedure',
        guidance: 'Name of the operation performed, including side and approach.',
      },
      {
        name: 'Operating Team and Anaesthesia',
        guidance:
          'Roles of the operating team, without names unless stated, and the type of anaesthesia.',
      },
      {
        name: 'Indication',
        guidance:
          'Pre-operative diagnosis and the clinical reason the operation was performed, including urgency if stated.',
      },
      {
        name: 'Findings',
        guidance:
          'Intra-operative findings exactly as described by the surgeon, including anatomy, pathology and any unexpected findings.',
      },
      {
        name: 'Procedure Details',
        guidance:
          'Positioning, incision, key steps, implants or devices used and closure technique.',
      },
      {
        name: 'Specimens and Blood Loss',
        guidance: 'Specimens sent to pathology, drains placed and estimated blood loss.',
      },
      {
        name: 'Complications',
        guidance: 'Intra-operative complications, or "none" if the surgeon stated there were none.',
      },
      {
        name: 'Post-operative Instructions',
        guidance:
          'Observations, analgesia, antibiotics, thromboprophylaxis, diet, mobilisation and follow-up.',
      },
    ],
  },
  {
    name: 'Surgical Consultation',
    description:
      'An outpatient surgical assessment to decide on operative or non-operative management and obtain consent.',
    medicalProfession: 'Surgeon',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Surgical problem referred, the referring practitioner by role, and the specific question to be answered.',
      },
      {
        name: 'History',
        guidance:
          'History of the surgical problem, previous operations and relevant comorbidities.',
      },
      {
        name: 'Medications and Allergies',
        guidance:
          'Current medications, especially anticoagulants and antiplatelets, and allergies.',
      },
      {
        name: 'Examination',
        guidance: 'Focused examination findings relevant to the surgical problem.',
      },
      {
        name: 'Investigations',
        guidance: 'Imaging and blood results reviewed, with key findings.',
      },
      {
        name: 'Impression',
        guidance:
          'Surgical diagnosis and the operative and non-operative options considered, with the preferred option.',
      },
      {
        name: 'Plan and Consent Discussion',
        guidance:
          'Agreed management, proposed operation, risks and benefits discussed, and pre-operative requirements.',
      },
    ],
  },
  {
    name: 'Nursing Handover (ISBAR)',
    description:
      'A structured clinical handover using the ISBAR format for shift changes and transfers of care.',
    medicalProfession: 'Nurse',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Identify',
        guidance:
          'Who is handing over and to whom, by role, and the patient identifiers as stated.',
      },
      {
        name: 'Situation',
        guidance:
          'Why the patient is here and the current problem or concern, in one or two sentences.',
      },
      {
        name: 'Background',
        guidance:
          'Relevant history, admission diagnosis, allergies, alerts and significant events this shift.',
      },
      {
        name: 'Assessment',
        guidance:
          'Latest observations, early warning score, pain, fluid balance and the nurse’s assessment.',
      },
      {
        name: 'Recommendation',
        guidance:
          'Outstanding tasks, pending results, what to watch for and actions needed next shift.',
      },
    ],
  },
  {
    name: 'Nursing Assessment Note',
    description:
      'A nursing assessment recording observations, care needs, interventions and evaluation.',
    medicalProfession: 'Nurse',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Contact',
        guidance: 'Why the patient was seen by nursing today.',
      },
      {
        name: 'Observations',
        guidance: 'Vital signs, pain score, weight and other observations recorded.',
      },
      {
        name: 'Nursing Assessment',
        guidance:
          'Assessment of mobility, skin, nutrition, continence, cognition and psychosocial needs as relevant.',
      },
      {
        name: 'Interventions',
        guidance:
          'Nursing care provided, including medications administered, dressings and education.',
      },
      {
        name: 'Evaluation',
        guidance: 'Patient response to care and any escalation to the medical team.',
      },
      {
        name: 'Plan',
        guidance: 'Ongoing care needs and when the next nursing review is due.',
      },
    ],
  },
  {
    name: 'Wound Care Note',
    description:
      'A wound assessment and dressing record tracking size, appearance and healing over time.',
    medicalProfession: 'Nurse',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Wound Details',
        guidance: 'Wound type, location, cause and how long it has been present.',
      },
      {
        name: 'Wound Assessment',
        guidance:
          'Size in centimetres, wound bed tissue, exudate, odour, wound edges and surrounding skin.',
      },
      {
        name: 'Pain and Infection Signs',
        guidance: 'Pain score and any signs of local or systemic infection.',
      },
      {
        name: 'Dressing Applied',
        guidance: 'Cleansing solution, primary and secondary dressings and any compression used.',
      },
      {
        name: 'Progress',
        guidance:
          'Whether the wound is healing, static or deteriorating compared with the last review.',
      },
      {
        name: 'Plan',
        guidance: 'Dressing change frequency, referrals, patient advice and next review date.',
      },
    ],
  },
  {
    name: 'Nurse Practitioner Consultation Note',
    description:
      'A consultation note for nurse practitioners covering assessment, diagnosis, prescribing and referral.',
    medicalProfession: 'Nurse Practitioner',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance: 'Reason for the consultation in the patient’s words.',
      },
      {
        name: 'History',
        guidance:
          'History of the presenting complaint, relevant past history, medications and allergies.',
      },
      {
        name: 'Examination',
        guidance:
          'Vital signs and focused examination findings exactly as reported, without adding unexamined systems.',
      },
      {
        name: 'Assessment',
        guidance: 'Diagnosis or differential diagnosis within the nurse practitioner’s scope.',
      },
      {
        name: 'Treatment and Prescribing',
        guidance: 'Treatment provided and medicines prescribed with dose, route and frequency.',
      },
      {
        name: 'Referral and Collaboration',
        guidance: 'Referrals made and any collaboration with medical practitioners.',
      },
      {
        name: 'Follow-up and Safety-netting',
        guidance: 'Follow-up arrangements and advice on when to seek further care.',
      },
    ],
  },
  {
    name: 'Cardiology Consultation',
    description:
      'A cardiology outpatient consultation covering cardiac symptoms, risk factors, ECG and imaging.',
    medicalProfession: 'Cardiologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance: 'Cardiac problem referred and the question asked by the referrer.',
      },
      {
        name: 'Cardiac Symptoms',
        guidance:
          'Chest pain, dyspnoea, palpitations, syncope, oedema and exercise tolerance with functional class.',
      },
      {
        name: 'Cardiovascular Risk Factors',
        guidance:
          'Hypertension, diabetes, lipids, smoking, family history of premature heart disease and obesity.',
      },
      {
        name: 'Cardiac History',
        guidance:
          'Previous cardiac events, procedures, devices and other relevant medical history.',
      },
      {
        name: 'Medications',
        guidance: 'Current cardiac and other medications with dose, and tolerance of each.',
      },
      {
        name: 'Examination',
        guidance:
          'Blood pressure, heart rate and rhythm, heart sounds, murmurs, chest and peripheral findings.',
      },
      {
        name: 'ECG and Investigations',
        guidance:
          'ECG interpretation, echocardiogram, stress testing, Holter and blood results reviewed.',
      },
      {
        name: 'Impression',
        guidance:
          'Cardiac diagnosis with supporting findings and the patient’s risk stratification where the cardiologist stated it.',
      },
      {
        name: 'Plan',
        guidance:
          'Medication changes, further tests, procedures considered and follow-up interval.',
      },
    ],
  },
  {
    name: 'Dermatology Consultation',
    description:
      'A dermatology consultation describing skin lesions or rashes with morphology, distribution and management.',
    medicalProfession: 'Dermatologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance:
          'The skin problem the patient presents with, its body location and how long it has been present.',
      },
      {
        name: 'History of Skin Problem',
        guidance:
          'Onset, evolution, itch or pain, triggers, sun exposure and treatments tried with response.',
      },
      {
        name: 'Medical and Family History',
        guidance:
          'Relevant conditions, atopy, skin cancer history and family history of skin disease.',
      },
      {
        name: 'Medications and Allergies',
        guidance: 'Current oral and topical medications and any allergies.',
      },
      {
        name: 'Examination',
        guidance:
          'Morphology, size, colour, distribution and configuration of lesions, and other skin findings.',
      },
      {
        name: 'Dermoscopy',
        guidance: 'Dermoscopic features of examined lesions, if dermoscopy was performed.',
      },
      {
        name: 'Impression',
        guidance: 'Diagnosis or differential diagnosis for each lesion or rash.',
      },
      {
        name: 'Plan',
        guidance:
          'Biopsy or procedures, topical or systemic treatment, skin care advice and follow-up.',
      },
    ],
  },
  {
    name: 'Skin Check',
    description:
      'A full-body skin examination for skin cancer surveillance, recording lesions of concern and actions.',
    medicalProfession: 'Dermatologist',
    recommend: 0,
    kind: 'note',
    topics: [
      {
        name: 'Risk Factors',
        guidance:
          'Skin type, sun exposure, sunburn history, previous skin cancers and family history of melanoma.',
      },
      {
        name: 'Lesions of Concern',
        guidance: 'Lesions the patient is worried about, with location and any change noticed.',
      },
      {
        name: 'Examination Findings',
        guidance: 'Each notable lesion with body site, size, description and dermoscopy findings.',
      },
      {
        name: 'Actions Taken',
        guidance:
          'Biopsies, excisions, cryotherapy or photographs taken today, with the lesion site for each.',
      },
      {
        name: 'Sun Protection Advice',
        guidance:
          'Sun protection and skin self-examination advice given, and when to return with a changing lesion.',
      },
      {
        name: 'Recall',
        guidance:
          'Recommended interval until the next full skin check, based on the patient’s risk level.',
      },
    ],
  },
  {
    name: 'Antenatal Visit Note',
    description:
      'A routine antenatal visit note recording gestation, maternal observations, fetal wellbeing and plan.',
    medicalProfession: 'Obstetrician/Gynecologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Pregnancy Details',
        guidance: 'Gestation, gravidity and parity, estimated due date and how it was dated.',
      },
      {
        name: 'Symptoms Since Last Visit',
        guidance:
          'Fetal movements, bleeding, pain, fluid loss, headaches, visual changes and general wellbeing.',
      },
      {
        name: 'Maternal Observations',
        guidance:
          'Blood pressure, weight, urinalysis results and any oedema, with comparison to previous readings where mentioned.',
      },
      {
        name: 'Fetal Assessment',
        guidance:
          'Fundal height, fetal heart rate, presentation and ultrasound findings if available.',
      },
      {
        name: 'Investigations',
        guidance:
          'Antenatal screening and blood results reviewed, and tests due at this gestation.',
      },
      {
        name: 'Risk Factors',
        guidance: 'Pregnancy risk factors identified and how they are being managed.',
      },
      {
        name: 'Plan and Education',
        guidance:
          'Management, education provided, birth planning discussion and date of the next visit.',
      },
    ],
  },
  {
    name: 'Gynaecology Consultation',
    description:
      'A gynaecology consultation covering menstrual, contraceptive and gynaecological history with examination.',
    medicalProfession: 'Obstetrician/Gynecologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance:
          'The gynaecological concern the patient presents with, its duration and its impact on daily life.',
      },
      {
        name: 'Menstrual History',
        guidance:
          'Cycle length, duration and heaviness of bleeding, intermenstrual or postcoital bleeding and pain.',
      },
      {
        name: 'Obstetric and Contraceptive History',
        guidance: 'Previous pregnancies and outcomes, current contraception and pregnancy plans.',
      },
      {
        name: 'Screening History',
        guidance: 'Cervical screening history and results, and relevant sexual health screening.',
      },
      {
        name: 'Examination',
        guidance: 'Abdominal and pelvic examination findings, with chaperone offered if stated.',
      },
      {
        name: 'Investigations',
        guidance:
          'Pelvic ultrasound, hormone, blood and swab results reviewed today or requested, with key findings.',
      },
      {
        name: 'Impression and Plan',
        guidance: 'Diagnosis, treatment options discussed, agreed management and follow-up.',
      },
    ],
  },
  {
    name: 'Orthopaedic Consultation',
    description:
      'An orthopaedic assessment of a joint, bone or soft-tissue problem with imaging review and management plan.',
    medicalProfession: 'Orthopedic Surgeon',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance: 'Affected joint or region, side, and main symptoms.',
      },
      {
        name: 'History of Presenting Complaint',
        guidance:
          'Mechanism of injury or onset, pain, instability, locking, night pain and treatment to date.',
      },
      {
        name: 'Function',
        guidance: 'Impact on walking, work, sport and daily activities, and walking aids used.',
      },
      {
        name: 'Past History and Medications',
        guidance:
          'Relevant medical and surgical history, medications, anticoagulation and allergies.',
      },
      {
        name: 'Examination',
        guidance:
          'Inspection, palpation, range of motion, stability, special tests and neurovascular status.',
      },
      {
        name: 'Imaging',
        guidance: 'X-ray, MRI or other imaging reviewed with the key findings.',
      },
      {
        name: 'Impression',
        guidance:
          'Orthopaedic diagnosis with its severity or classification, based on examination and imaging findings.',
      },
      {
        name: 'Plan',
        guidance: 'Non-operative or operative management, physiotherapy, injections and follow-up.',
      },
    ],
  },
  {
    name: 'Neurology Consultation',
    description:
      'A neurology consultation with focused history, full neurological examination and investigation plan.',
    medicalProfession: 'Neurologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Neurological problem referred, the referring practitioner by role, and the specific question to be answered.',
      },
      {
        name: 'History of Presenting Complaint',
        guidance:
          'Onset, tempo, progression and pattern of neurological symptoms, with witness accounts if given.',
      },
      {
        name: 'Past Medical History and Medications',
        guidance: 'Relevant conditions, vascular risk factors, current medications and allergies.',
      },
      {
        name: 'Family and Social History',
        guidance:
          'Family neurological conditions, occupation, driving status, alcohol and substance use.',
      },
      {
        name: 'Neurological Examination',
        guidance:
          'Cognition, cranial nerves, tone, power, reflexes, sensation, coordination and gait, as examined.',
      },
      {
        name: 'Investigations',
        guidance: 'Imaging, EEG, nerve conduction studies and blood results reviewed.',
      },
      {
        name: 'Impression',
        guidance: 'Anatomical localisation and most likely diagnosis with differentials.',
      },
      {
        name: 'Plan',
        guidance:
          'Investigations requested, treatment started or changed, driving advice given and follow-up arrangements.',
      },
    ],
  },
  {
    name: 'Diabetes Review',
    description:
      'A diabetes review covering glycaemic control, hypoglycaemia, complications screening and targets.',
    medicalProfession: 'Endocrinologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Diabetes Details',
        guidance: 'Type of diabetes, year of diagnosis and current treatment regimen.',
      },
      {
        name: 'Glycaemic Control',
        guidance:
          'HbA1c trend, glucose monitoring or CGM data such as time in range, and patterns noted.',
      },
      {
        name: 'Hypoglycaemia',
        guidance: 'Frequency and severity of hypoglycaemia, awareness and driving implications.',
      },
      {
        name: 'Medications',
        guidance: 'Diabetes and other medications with doses, insulin regimen and adherence.',
      },
      {
        name: 'Complications Screening',
        guidance:
          'Eye screening, kidney function and albuminuria, foot examination and cardiovascular risk.',
      },
      {
        name: 'Lifestyle',
        guidance: 'Diet, physical activity, weight, smoking and alcohol as discussed.',
      },
      {
        name: 'Targets and Plan',
        guidance: 'Individual targets agreed, medication changes, education and next review date.',
      },
    ],
  },
  {
    name: 'Endocrinology Consultation',
    description:
      'A consultation for thyroid, adrenal, pituitary, bone or other hormonal disorders.',
    medicalProfession: 'Endocrinologist',
    recommend: 0,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Endocrine problem referred, the referring practitioner by role, and the specific question to be answered.',
      },
      {
        name: 'History',
        guidance:
          'Symptoms of hormonal excess or deficiency, their duration and relevant past history.',
      },
      {
        name: 'Medications',
        guidance: 'Current medications including hormone therapy, supplements and biotin.',
      },
      {
        name: 'Examination',
        guidance:
          'Relevant findings such as thyroid examination, weight, blood pressure and stigmata.',
      },
      {
        name: 'Biochemistry and Imaging',
        guidance: 'Hormone levels, dynamic tests and imaging results with dates.',
      },
      {
        name: 'Impression and Plan',
        guidance:
          'Endocrine diagnosis, treatment started or adjusted, further tests requested and the follow-up interval.',
      },
    ],
  },
  {
    name: 'Gastroenterology Consultation',
    description:
      'A gastroenterology consultation covering gastrointestinal symptoms, red flags and endoscopic planning.',
    medicalProfession: 'Gastroenterologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Gastrointestinal problem referred, the referring practitioner by role, and the specific question to be answered.',
      },
      {
        name: 'Gastrointestinal Symptoms',
        guidance:
          'Pain, reflux, dysphagia, bowel habit, bleeding, weight loss and other red-flag features.',
      },
      {
        name: 'Past History and Medications',
        guidance:
          'Previous GI conditions, endoscopies, surgery, current medications and allergies.',
      },
      {
        name: 'Family and Social History',
        guidance:
          'Family history of bowel cancer or inflammatory bowel disease, alcohol and smoking.',
      },
      {
        name: 'Examination',
        guidance:
          'Abdominal examination findings, including tenderness, masses and organomegaly, and any other relevant signs.',
      },
      {
        name: 'Investigations',
        guidance: 'Blood tests, stool tests, imaging and previous endoscopy results reviewed.',
      },
      {
        name: 'Impression and Plan',
        guidance: 'Likely diagnosis, endoscopy or other tests planned, treatment and follow-up.',
      },
    ],
  },
  {
    name: 'Endoscopy Report',
    description:
      'A report of a gastroscopy or colonoscopy with findings, biopsies and recommendations.',
    medicalProfession: 'Gastroenterologist',
    recommend: 1,
    kind: 'summary',
    topics: [
      {
        name: 'Procedure and Indication',
        guidance:
          'Endoscopic procedure performed, gastroscopy or colonoscopy, and the clinical indication for it.',
      },
      {
        name: 'Sedation and Preparation',
        guidance: 'Sedation used and, for colonoscopy, bowel preparation quality.',
      },
      {
        name: 'Extent of Examination',
        guidance: 'How far the scope reached and any difficulties.',
      },
      {
        name: 'Findings',
        guidance: 'Findings by anatomical region, including size and appearance of lesions.',
      },
      {
        name: 'Interventions and Biopsies',
        guidance: 'Biopsies, polypectomies and other therapy performed, with sites.',
      },
      {
        name: 'Recommendations',
        guidance: 'Follow-up of histology, treatment advice and surveillance interval.',
      },
    ],
  },
  {
    name: 'Respiratory Consultation',
    description:
      'A respiratory consultation covering breathlessness, cough, lung function and imaging.',
    medicalProfession: 'Pulmonologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Respiratory problem referred, the referring practitioner by role, and the specific question to be answered.',
      },
      {
        name: 'Respiratory Symptoms',
        guidance:
          'Breathlessness with functional grade, cough, sputum, wheeze, haemoptysis and sleep symptoms.',
      },
      {
        name: 'Exposures',
        guidance:
          'Smoking history in pack-years, vaping, occupational and environmental exposures, and pets.',
      },
      {
        name: 'Past History and Medications',
        guidance:
          'Previous respiratory illness, exacerbations, inhaler technique, medications and allergies.',
      },
      {
        name: 'Examination',
        guidance: 'Oxygen saturation, respiratory rate, chest examination findings and clubbing.',
      },
      {
        name: 'Lung Function and Imaging',
        guidance: 'Spirometry, full lung function tests, chest X-ray and CT results reviewed.',
      },
      {
        name: 'Impression and Plan',
        guidance:
          'Respiratory diagnosis, inhaler or other therapy, pulmonary rehabilitation and follow-up.',
      },
    ],
  },
  {
    name: 'Oncology Review',
    description:
      'An oncology review recording diagnosis, treatment to date, toxicity, response and the next steps.',
    medicalProfession: 'Oncologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Diagnosis and Staging',
        guidance: 'Cancer type, histology, stage and relevant biomarkers as stated.',
      },
      {
        name: 'Treatment History',
        guidance:
          'Surgery, chemotherapy, radiotherapy and other therapies received, with dates and cycles.',
      },
      {
        name: 'Current Status',
        guidance: 'Symptoms, performance status and wellbeing since the last review.',
      },
      {
        name: 'Toxicity',
        guidance: 'Treatment side effects with grade where stated, and how they were managed.',
      },
      {
        name: 'Examination',
        guidance:
          'Relevant examination findings today, including weight, lymph nodes and sites of known disease.',
      },
      {
        name: 'Results and Response',
        guidance:
          'Blood counts, tumour markers and imaging results, with assessment of treatment response.',
      },
      {
        name: 'Plan',
        guidance:
          'Next treatment, dose modifications, supportive care, multidisciplinary input and follow-up.',
      },
    ],
  },
  {
    name: 'Rheumatology Consultation',
    description:
      'A rheumatology consultation covering joint symptoms, systemic features, serology and disease-modifying therapy.',
    medicalProfession: 'Rheumatologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Rheumatological problem referred, the referring practitioner by role, and the specific question to be answered.',
      },
      {
        name: 'Joint Symptoms',
        guidance:
          'Joints involved, pattern, morning stiffness duration, swelling and functional impact.',
      },
      {
        name: 'Systemic Features',
        guidance:
          'Rash, eye, mouth, Raynaud’s, fevers, weight loss and other extra-articular features.',
      },
      {
        name: 'Past History and Medications',
        guidance:
          'Relevant conditions, current and previous disease-modifying drugs and their effects.',
      },
      {
        name: 'Examination',
        guidance: 'Joint count for tenderness and swelling, deformity and other systemic findings.',
      },
      {
        name: 'Investigations',
        guidance:
          'Inflammatory markers, autoantibody serology and joint imaging results, with dates and trends.',
      },
      {
        name: 'Impression and Plan',
        guidance:
          'Diagnosis, disease activity, treatment changes, monitoring bloods and follow-up.',
      },
    ],
  },
  {
    name: 'Comprehensive Geriatric Assessment',
    description:
      'A multidimensional assessment of an older person’s medical, functional, cognitive and social needs.',
    medicalProfession: 'Geriatrician',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Assessment',
        guidance: 'Presenting concerns from the patient, family or referrer.',
      },
      {
        name: 'Medical Problems',
        guidance: 'Active and past medical problems relevant to the assessment.',
      },
      {
        name: 'Medications',
        guidance:
          'Current medications with dose, polypharmacy concerns and deprescribing opportunities.',
      },
      {
        name: 'Cognition and Mood',
        guidance:
          'Cognitive screening scores, delirium, depression screening and behavioural symptoms.',
      },
      {
        name: 'Function',
        guidance:
          'Basic and instrumental activities of daily living and level of assistance needed.',
      },
      {
        name: 'Mobility and Falls',
        guidance: 'Gait, walking aids, falls history and falls risk.',
      },
      {
        name: 'Nutrition and Continence',
        guidance: 'Weight change, appetite, swallowing, and bladder and bowel continence.',
      },
      {
        name: 'Social Situation and Supports',
        guidance: 'Living arrangements, carers, services in place and carer stress.',
      },
      {
        name: 'Advance Care Planning',
        guidance:
          'Goals of care, substitute decision-maker and advance care directive status, if discussed.',
      },
      {
        name: 'Summary and Recommendations',
        guidance: 'Problem list with recommendations and referrals for each domain.',
      },
    ],
  },
  {
    name: 'Pre-anaesthetic Assessment',
    description:
      'A pre-operative anaesthetic assessment of airway, comorbidities and anaesthetic risk.',
    medicalProfession: 'Anesthesiologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Proposed Procedure',
        guidance: 'Planned operation, urgency and expected date if stated.',
      },
      {
        name: 'Medical History',
        guidance:
          'Cardiac, respiratory, renal, endocrine and other comorbidities, and functional capacity.',
      },
      {
        name: 'Anaesthetic History',
        guidance:
          'Previous anaesthetics and complications, and family history of anaesthetic problems.',
      },
      {
        name: 'Medications and Allergies',
        guidance:
          'Current medications, anticoagulants and their management peri-operatively, and allergies.',
      },
      {
        name: 'Airway Assessment',
        guidance:
          'Mallampati score, mouth opening, neck movement, dentition and other airway findings.',
      },
      {
        name: 'Examination and Investigations',
        guidance:
          'Vital signs, cardiorespiratory examination and relevant blood, ECG and other results.',
      },
      {
        name: 'ASA Grade and Risk',
        guidance: 'ASA physical status and specific anaesthetic risks identified.',
      },
      {
        name: 'Anaesthetic Plan',
        guidance:
          'Planned anaesthetic technique, fasting instructions, analgesia plan and consent discussion.',
      },
    ],
  },
  {
    name: 'Ophthalmology Consultation',
    description:
      'An eye consultation recording visual acuity, intraocular pressure and slit-lamp and fundus findings.',
    medicalProfession: 'Ophthalmologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance: 'Eye symptoms, which eye is affected and duration.',
      },
      {
        name: 'Ocular and Medical History',
        guidance:
          'Previous eye conditions, surgery, glasses or contacts, and relevant systemic conditions.',
      },
      {
        name: 'Visual Acuity',
        guidance: 'Visual acuity for each eye, with and without correction or pinhole.',
      },
      {
        name: 'Intraocular Pressure',
        guidance: 'Pressure in each eye and the method used.',
      },
      {
        name: 'Anterior Segment',
        guidance:
          'Slit-lamp findings of lids, conjunctiva, cornea, anterior chamber, iris and lens.',
      },
      {
        name: 'Posterior Segment',
        guidance: 'Fundus findings including disc, macula, vessels and periphery.',
      },
      {
        name: 'Impression and Plan',
        guidance: 'Diagnosis for each eye, treatment, driving advice if relevant and follow-up.',
      },
    ],
  },
  {
    name: 'ENT Consultation',
    description:
      'An ear, nose and throat consultation with otoscopy, nasal and throat examination findings.',
    medicalProfession: 'ENT Specialist (Otolaryngologist)',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance: 'Ear, nose, throat or neck symptoms and their duration.',
      },
      {
        name: 'History',
        guidance:
          'Hearing loss, tinnitus, vertigo, discharge, obstruction, voice change or dysphagia as relevant.',
      },
      {
        name: 'Past History and Medications',
        guidance: 'Previous ENT surgery, relevant conditions, smoking, medications and allergies.',
      },
      {
        name: 'Ear Examination',
        guidance: 'Otoscopy findings for each ear and tuning fork tests if performed.',
      },
      {
        name: 'Nose and Throat Examination',
        guidance: 'Anterior rhinoscopy, nasendoscopy, oral cavity, oropharynx and neck findings.',
      },
      {
        name: 'Investigations',
        guidance:
          'Audiometry, tympanometry, imaging or other results reviewed today, with the key findings.',
      },
      {
        name: 'Impression and Plan',
        guidance:
          'Diagnosis, medical or surgical management agreed with the patient, and follow-up arrangements.',
      },
    ],
  },
  {
    name: 'Audiology Assessment',
    description:
      'A hearing assessment recording case history, otoscopy, audiometry results and rehabilitation plan.',
    medicalProfession: 'Audiologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Case History',
        guidance: 'Hearing concerns, onset, tinnitus, dizziness, noise exposure and ear history.',
      },
      {
        name: 'Otoscopy',
        guidance: 'Appearance of ear canals and eardrums for each ear.',
      },
      {
        name: 'Pure Tone Audiometry',
        guidance:
          'Air and bone conduction thresholds, type, degree and configuration of hearing loss per ear.',
      },
      {
        name: 'Speech Testing',
        guidance:
          'Speech reception thresholds and word discrimination scores for each ear, with test conditions.',
      },
      {
        name: 'Tympanometry',
        guidance: 'Tympanogram type and acoustic reflex results for each ear.',
      },
      {
        name: 'Interpretation',
        guidance: 'Summary of hearing status and its likely functional impact.',
      },
      {
        name: 'Recommendations',
        guidance: 'Hearing aids, communication strategies, onward referral and review timing.',
      },
    ],
  },
  {
    name: 'Allergy Consultation',
    description:
      'An allergy and immunology consultation covering reaction history, testing and an action plan.',
    medicalProfession: 'Allergist/Immunologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance: 'Suspected allergy or immune problem and the referral question.',
      },
      {
        name: 'Reaction History',
        guidance:
          'Each reaction with trigger, timing, symptoms, severity, treatment needed and outcome.',
      },
      {
        name: 'Atopic and Medical History',
        guidance: 'Asthma, eczema, rhinitis, other conditions and current medications.',
      },
      {
        name: 'Examination',
        guidance:
          'Relevant skin, nasal, chest and other examination findings, such as eczema or wheeze.',
      },
      {
        name: 'Testing',
        guidance:
          'Skin prick tests, specific IgE, challenges or immune function tests with results.',
      },
      {
        name: 'Diagnosis',
        guidance:
          'Allergy or immunology diagnosis with severity and the risk of future severe reactions.',
      },
      {
        name: 'Management and Action Plan',
        guidance:
          'Avoidance advice, adrenaline autoinjector training, action plan, immunotherapy and follow-up.',
      },
    ],
  },
  {
    name: 'Urology Consultation',
    description:
      'A urology consultation covering urinary symptoms, PSA, imaging and management options.',
    medicalProfession: 'Urologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Urological problem referred, the referring practitioner by role, and the specific question to be answered.',
      },
      {
        name: 'Urinary Symptoms',
        guidance:
          'Storage and voiding symptoms, haematuria, pain, continence and symptom scores if used.',
      },
      {
        name: 'Past History and Medications',
        guidance:
          'Previous urological conditions, surgery, stones, medications and anticoagulants.',
      },
      {
        name: 'Examination',
        guidance: 'Abdominal, genital and prostate examination findings as reported.',
      },
      {
        name: 'Investigations',
        guidance: 'Urinalysis, PSA, renal function, imaging and flow study results.',
      },
      {
        name: 'Impression and Plan',
        guidance: 'Diagnosis, options discussed, agreed treatment or procedure and follow-up.',
      },
    ],
  },
  {
    name: 'Nephrology Consultation',
    description:
      'A renal consultation covering kidney function trends, blood pressure, proteinuria and renal planning.',
    medicalProfession: 'Nephrologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance:
          'Kidney problem referred, the referring practitioner by role, and the specific question to be answered.',
      },
      {
        name: 'Renal History',
        guidance:
          'Cause and stage of kidney disease, eGFR trend, proteinuria and previous renal events.',
      },
      {
        name: 'Comorbidities and Medications',
        guidance:
          'Diabetes, hypertension, cardiovascular disease and nephrotoxic or renally dosed medications.',
      },
      {
        name: 'Symptoms and Fluid Status',
        guidance: 'Uraemic symptoms, oedema, urine output and weight change.',
      },
      {
        name: 'Examination',
        guidance: 'Blood pressure, fluid status and other relevant findings.',
      },
      {
        name: 'Investigations',
        guidance:
          'Electrolytes, eGFR, urine albumin-creatinine ratio, haemoglobin, bone markers and imaging.',
      },
      {
        name: 'Impression and Plan',
        guidance:
          'CKD stage and cause, renoprotective therapy, dialysis or transplant planning and follow-up.',
      },
    ],
  },
  {
    name: 'Haematology Consultation',
    description:
      'A haematology consultation covering blood count abnormalities, bleeding or clotting problems and treatment.',
    medicalProfession: 'Hematologist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance: 'Haematological abnormality or problem referred and the referral question.',
      },
      {
        name: 'History',
        guidance:
          'Fatigue, bleeding, bruising, clots, infections, B symptoms and relevant past history.',
      },
      {
        name: 'Medications',
        guidance:
          'Current medications, anticoagulants, iron or vitamin supplements, and any previous transfusions with reactions.',
      },
      {
        name: 'Examination',
        guidance:
          'Pallor, bruising, lymphadenopathy, hepatosplenomegaly and other relevant findings.',
      },
      {
        name: 'Investigations',
        guidance:
          'Full blood count trends, film, iron studies, coagulation and other results reviewed.',
      },
      {
        name: 'Impression and Plan',
        guidance:
          'Haematological diagnosis, further tests such as marrow biopsy, treatment and follow-up.',
      },
    ],
  },
  {
    name: 'Infectious Diseases Consultation',
    description:
      'An infectious diseases consultation covering exposures, microbiology and antimicrobial stewardship.',
    medicalProfession: 'Infectious Disease Specialist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Consultation',
        guidance: 'Infection problem and the question asked by the referring team.',
      },
      {
        name: 'History',
        guidance: 'Symptoms, fever pattern and timeline of the illness.',
      },
      {
        name: 'Exposures and Risk Factors',
        guidance:
          'Travel, animal, occupational, sexual and sick-contact exposures, and immunosuppression.',
      },
      {
        name: 'Antimicrobial History',
        guidance:
          'Antimicrobials given with dates and doses, and antimicrobial allergies with reaction.',
      },
      {
        name: 'Examination',
        guidance:
          'Vital signs, lines and devices, and examination findings relevant to infection source.',
      },
      {
        name: 'Microbiology and Investigations',
        guidance: 'Cultures with sensitivities, serology, PCR, inflammatory markers and imaging.',
      },
      {
        name: 'Impression',
        guidance:
          'Most likely infection, suspected or confirmed organism and the probable source, with differentials.',
      },
      {
        name: 'Recommendations',
        guidance:
          'Antimicrobial choice, dose, route and duration, source control, monitoring and infection control.',
      },
    ],
  },
  {
    name: 'Workplace Injury Assessment',
    description:
      'An assessment of a work-related injury or illness, with capacity for work and return-to-work planning.',
    medicalProfession: 'Occupational Medicine Specialist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Occupation and Duties',
        guidance: 'Job title, usual duties, hours and physical demands of the role.',
      },
      {
        name: 'Injury Details',
        guidance:
          'Date, place and mechanism of the work-related injury or exposure, and how it was reported.',
      },
      {
        name: 'Symptoms and Progress',
        guidance: 'Current symptoms, treatment to date and progress since the injury.',
      },
      {
        name: 'Examination',
        guidance: 'Examination findings relevant to the injury and to work capacity.',
      },
      {
        name: 'Diagnosis',
        guidance:
          'Work-related diagnosis and whether it is consistent with the described mechanism.',
      },
      {
        name: 'Capacity for Work',
        guidance:
          'Fit for full duties, modified duties with specific restrictions, or unfit, with the period.',
      },
      {
        name: 'Treatment and Return to Work Plan',
        guidance: 'Treatment, referrals, graded return-to-work steps and date of the next review.',
      },
    ],
  },
  {
    name: 'Pre-employment Medical',
    description: 'A pre-employment health assessment against the inherent requirements of a role.',
    medicalProfession: 'Occupational Medicine Specialist',
    recommend: 0,
    kind: 'note',
    topics: [
      {
        name: 'Role Requirements',
        guidance: 'Position applied for and its inherent physical and mental requirements.',
      },
      {
        name: 'Health Questionnaire Review',
        guidance: 'Relevant medical history, medications and previous injuries declared.',
      },
      {
        name: 'Examination',
        guidance:
          'Vision, hearing, blood pressure, musculoskeletal and other examination findings.',
      },
      {
        name: 'Functional Testing',
        guidance:
          'Results of functional, drug and alcohol, or other role-specific tests performed.',
      },
      {
        name: 'Outcome',
        guidance:
          'Fit for the role, fit with restrictions or further assessment needed, with reasons.',
      },
    ],
  },
  {
    name: 'Radiology Report',
    description:
      'A structured imaging report with clinical indication, technique, findings and a concise impression.',
    medicalProfession: 'Radiologist',
    recommend: 1,
    kind: 'summary',
    topics: [
      {
        name: 'Examination',
        guidance: 'Imaging modality and body region examined, with contrast use.',
      },
      {
        name: 'Clinical Indication',
        guidance: 'Clinical question or history provided by the referrer.',
      },
      {
        name: 'Technique',
        guidance: 'Acquisition technique, sequences or phases, and any limitations of the study.',
      },
      {
        name: 'Comparison',
        guidance: 'Prior studies used for comparison, with dates, or "none available".',
      },
      {
        name: 'Findings',
        guidance:
          'Systematic description of findings by organ or region, including pertinent negatives.',
      },
      {
        name: 'Impression',
        guidance:
          'Concise numbered conclusions answering the clinical question, with recommendations if any.',
      },
    ],
  },
  {
    name: 'Histopathology Report',
    description:
      'A pathology report describing a specimen’s macroscopic and microscopic features and the final diagnosis.',
    medicalProfession: 'Pathologist',
    recommend: 1,
    kind: 'summary',
    topics: [
      {
        name: 'Specimen',
        guidance:
          'Specimen type, anatomical site and laterality exactly as labelled on the request and container.',
      },
      {
        name: 'Clinical Information',
        guidance: 'Clinical history and question provided with the request.',
      },
      {
        name: 'Macroscopic Description',
        guidance: 'Gross description including size, weight, appearance and blocks taken.',
      },
      {
        name: 'Microscopic Description',
        guidance: 'Histological features observed, including margins and grade where relevant.',
      },
      {
        name: 'Ancillary Tests',
        guidance:
          'Immunohistochemistry, molecular or other special test results, with their interpretation in context.',
      },
      {
        name: 'Diagnosis',
        guidance:
          'Final diagnosis stated clearly, with grade, margins and staging elements where applicable.',
      },
      {
        name: 'Comment',
        guidance:
          'Interpretive comments, correlation with clinical findings and recommendations for the treating clinician.',
      },
    ],
  },
  {
    name: 'Genetic Counselling Consultation',
    description:
      'A clinical genetics consultation covering family history, risk assessment, testing and counselling.',
    medicalProfession: 'Medical Geneticist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Referral',
        guidance: 'Genetic concern or condition prompting referral and the referral question.',
      },
      {
        name: 'Personal Medical History',
        guidance: 'Relevant personal history, including age at diagnosis of any conditions.',
      },
      {
        name: 'Family History',
        guidance:
          'Three-generation family history with affected relatives by relationship, conditions and ages at diagnosis.',
      },
      {
        name: 'Examination',
        guidance:
          'Relevant examination or dysmorphology findings, if an examination was performed.',
      },
      {
        name: 'Risk Assessment',
        guidance:
          'Estimated genetic risk for the patient and relatives, with the basis for the estimate.',
      },
      {
        name: 'Testing Discussion and Consent',
        guidance:
          'Tests offered, benefits, limitations, possible results, implications for family and consent.',
      },
      {
        name: 'Plan',
        guidance:
          'Testing arranged, cascade testing of relatives, surveillance recommendations and follow-up.',
      },
    ],
  },
  {
    name: 'Preventive Health Review',
    description:
      'A preventive medicine review of cardiovascular risk, cancer screening, immunisation and lifestyle.',
    medicalProfession: 'Preventive Medicine Specialist',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Health Goals',
        guidance: 'The patient’s own health priorities and reasons for the review.',
      },
      {
        name: 'Risk Factor Assessment',
        guidance:
          'Smoking, alcohol, diet, activity, weight, blood pressure, lipids and glucose status.',
      },
      {
        name: 'Absolute Cardiovascular Risk',
        guidance: 'Calculated cardiovascular risk with the tool used, if calculated.',
      },
      {
        name: 'Cancer Screening',
        guidance: 'Status of bowel, breast, cervical, skin and other age-appropriate screening.',
      },
      {
        name: 'Immunisation',
        guidance: 'Vaccines up to date, due or given today.',
      },
      {
        name: 'Recommendations',
        guidance: 'Lifestyle interventions, screening arranged, medications and follow-up agreed.',
      },
    ],
  },
  {
    name: 'Physician Assistant Visit Note',
    description:
      'A visit note for physician assistants recording the encounter and the supervising physician’s involvement.',
    medicalProfession: 'Physician Assistant',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Chief Complaint',
        guidance: 'Main reason for the visit in a short phrase.',
      },
      {
        name: 'History of Present Illness',
        guidance: 'Onset, duration, character, severity, associated symptoms and treatments tried.',
      },
      {
        name: 'Pertinent History',
        guidance:
          'Relevant past medical history, current medications with doses and allergies with reactions.',
      },
      {
        name: 'Physical Examination',
        guidance: 'Vital signs and focused examination findings as reported.',
      },
      {
        name: 'Assessment and Plan',
        guidance: 'Diagnosis, orders, prescriptions, education and follow-up for each problem.',
      },
      {
        name: 'Supervising Physician',
        guidance:
          'Whether the case was discussed with the supervising physician and their input, by role only.',
      },
    ],
  },
  {
    name: 'Family Medicine Visit Note',
    description:
      'A comprehensive family medicine note addressing acute concerns alongside chronic care and prevention.',
    medicalProfession: 'Family Medicine Physician',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Visit',
        guidance: 'Concerns raised at this visit, listed in order of priority.',
      },
      {
        name: 'History',
        guidance:
          'History for each concern, with relevant past history, medications and allergies.',
      },
      {
        name: 'Chronic Conditions Update',
        guidance: 'Status of ongoing chronic conditions touched on at this visit.',
      },
      {
        name: 'Examination',
        guidance:
          'Vital signs and examination findings for each concern, exactly as reported by the physician.',
      },
      {
        name: 'Assessment and Plan',
        guidance:
          'Assessment and plan for each concern, including prescriptions, tests and referrals.',
      },
      {
        name: 'Preventive Care',
        guidance: 'Screening, immunisations or lifestyle advice addressed or due.',
      },
      {
        name: 'Follow-up',
        guidance: 'When the patient should return and what will be reviewed.',
      },
    ],
  },
  {
    name: 'Annual Wellness Visit',
    description:
      'A yearly wellness visit reviewing health risks, screening, immunisations and a personalised prevention plan.',
    medicalProfession: 'Family Medicine Physician',
    recommend: 0,
    kind: 'note',
    topics: [
      {
        name: 'Health Risk Review',
        guidance:
          'Self-reported health, lifestyle risks and changes since the last wellness visit.',
      },
      {
        name: 'Medical and Family History Update',
        guidance: 'New diagnoses, procedures and changes to family history.',
      },
      {
        name: 'Measurements',
        guidance: 'Height, weight, BMI, blood pressure and other measurements.',
      },
      {
        name: 'Cognitive and Mood Screening',
        guidance: 'Results of cognitive, depression or functional screening performed.',
      },
      {
        name: 'Screening and Immunisations',
        guidance:
          'Screening tests and vaccines completed, due or arranged, following age-appropriate recommendations.',
      },
      {
        name: 'Personalised Prevention Plan',
        guidance: 'Agreed prevention goals and a schedule of upcoming screening.',
      },
    ],
  },
  {
    name: 'GP Consultation Note',
    description:
      'A general practice consultation note with history, examination, assessment, management and safety-netting.',
    medicalProfession: 'General Practitioner',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Presenting Complaint',
        guidance: 'Reason for the consultation in the patient’s words.',
      },
      {
        name: 'History of Presenting Complaint',
        guidance: 'Onset, duration, symptoms, red flags, ideas, concerns and expectations.',
      },
      {
        name: 'Relevant Background',
        guidance:
          'Past medical history, medications, allergies, social and family history relevant today.',
      },
      {
        name: 'Examination',
        guidance:
          'Observations and examination findings exactly as stated, without adding systems that were not examined.',
      },
      {
        name: 'Impression',
        guidance:
          'Working diagnosis with brief reasoning and the main differential diagnoses considered.',
      },
      {
        name: 'Management',
        guidance:
          'Prescriptions with dose and duration, investigations ordered, referrals made and advice given.',
      },
      {
        name: 'Safety-netting and Follow-up',
        guidance: 'Red flags explained to the patient and when to return or seek urgent help.',
      },
    ],
  },
  {
    name: 'Internal Medicine Consultation',
    description:
      'An internal medicine consultation for complex multi-system problems, with a problem-based plan.',
    medicalProfession: 'Internal Medicine Physician',
    recommend: 1,
    kind: 'note',
    topics: [
      {
        name: 'Reason for Consultation',
        guidance:
          'The clinical problem or question prompting the consultation and who requested it, by role.',
      },
      {
        name: 'History of Presenting Illness',
        guidance:
          'Chronological account of the current illness with pertinent positives and negatives.',
      },
      {
        name: 'Past Medical History',
        guidance: 'Active and past conditions with their current control.',
      },
      {
        name: 'Medications and Allergies',
        guidance:
          'Current medications with dose, route and frequency, and allergies with reactions.',
      },
      {
        name: 'Social and Functional History',
        guidance: 'Living situation, function, smoking, alcohol and other substances.',
      },
      {
        name: 'Examination',
        guidance:
          'Vital signs and systematic examination findings by body system, exactly as reported.',
      },
      {
        name: 'Investigations',
        guidance:
          'Laboratory, imaging and other results reviewed, with trends and values outside the normal range.',
      },
      {
        name: 'Problem List and Plan',
        guidance: 'Numbered problem list with assessment and plan for each problem.',
      },
    ],
  },
  {
    name: 'Ward Round Note',
    description:
      'A concise daily inpatient ward round entry with progress, issues and jobs for the day.',
    medicalProfession: 'Internal Medicine Physician',
    recommend: 0,
    kind: 'note',
    topics: [
      {
        name: 'Overnight Events',
        guidance: 'Significant events, symptoms and concerns since the last review.',
      },
      {
        name: 'Observations and Examination',
        guidance: 'Vital signs trend, fluid balance and examination findings today.',
      },
      {
        name: 'Results',
        guidance:
          'New blood, microbiology and imaging results since the last review, highlighting significant changes.',
      },
      {
        name: 'Issues',
        guidance: 'Current active problems with brief assessment of each.',
      },
      {
        name: 'Plan and Jobs',
        guidance:
          'Management changes and a checklist of tasks for the day, with discharge planning.',
      },
    ],
  },
];
