/**
 * "Patient-friendly wording": clinical terms → everyday words. Longest terms first, so
 * "congestive heart failure" is rewritten before "heart failure".
 */
const PLAIN_TERMS: [string, string][] = [
  ['tenderness to palpation', 'pain when pressed'],
  ['congestive heart failure', 'heart failure (the heart not pumping as well as it should)'],
  ['myocardial infarction', 'heart attack'],
  ['mitral regurgitation', 'a leaky heart valve'],
  ['jugular venous distention', 'swollen neck veins'],
  ['ejection fraction', 'heart pumping strength'],
  ['systolic ejection murmur', 'heart murmur (an extra heart sound)'],
  ['hemoglobin a1c', 'A1c (average blood sugar over 3 months)'],
  ['hyperlipidemia', 'high cholesterol'],
  ['hypercholesterolemia', 'high cholesterol'],
  ['hypertension', 'high blood pressure'],
  ['hypotension', 'low blood pressure'],
  ['hyperglycemia', 'high blood sugar'],
  ['hypoglycemia', 'low blood sugar'],
  ['diabetes mellitus', 'diabetes'],
  ['tachycardia', 'a fast heart rate'],
  ['bradycardia', 'a slow heart rate'],
  ['palpitations', 'a racing or pounding heartbeat'],
  ['dyspnea on exertion', 'shortness of breath when active'],
  ['dyspnea', 'shortness of breath'],
  ['orthopnea', 'breathlessness when lying flat'],
  ['syncope', 'fainting'],
  ['vertigo', 'a spinning feeling'],
  ['edema', 'swelling'],
  ['erythema', 'redness'],
  ['ecchymosis', 'bruising'],
  ['pruritus', 'itching'],
  ['dysuria', 'pain when passing urine'],
  ['hematuria', 'blood in the urine'],
  ['hemoptysis', 'coughing up blood'],
  ['dysphagia', 'difficulty swallowing'],
  ['febrile', 'with a fever'],
  ['afebrile', 'without a fever'],
  ['analgesia', 'pain relief'],
  ['analgesics', 'painkillers'],
  ['nsaids', 'anti-inflammatory painkillers'],
  ['nsaid', 'anti-inflammatory painkiller'],
  ['bilateral', 'on both sides'],
  ['bilaterally', 'on both sides'],
  ['auscultation', 'listening with a stethoscope'],
  ['palpation', 'pressing'],
  ['lesion', 'spot'],
  ['lesions', 'spots'],
  ['benign', 'not harmful'],
  ['malignant', 'cancerous'],
  ['acute', 'sudden'],
  ['chronic', 'long-term'],
  ['renal', 'kidney'],
  ['hepatic', 'liver'],
  ['pulmonary', 'lung'],
  ['cardiac', 'heart'],
  ['gastrointestinal', 'stomach and bowel'],
  ['fracture', 'broken bone'],
  ['contusion', 'bruise'],
  ['laceration', 'cut'],
  ['lumbar', 'lower back'],
  ['cervical spine', 'neck'],
  ['osteoarthritis', 'wear-and-tear arthritis'],
  ['rales', 'crackling sounds in the lungs'],
  ['crackles', 'crackling sounds in the lungs'],
  ['lymphadenopathy', 'swollen glands'],
  ['adenopathy', 'swollen glands'],
  ['prn', 'when needed'],
  ['as needed', 'when needed'],
  ['bid', 'twice a day'],
  ['tid', 'three times a day'],
  ['qid', 'four times a day'],
  ['daily', 'every day'],
  ['endorses', 'reports'],
  ['denies', 'reports no'],
  ['unremarkable', 'normal'],
  ['within normal limits', 'normal'],
  ['prognosis', 'outlook'],
  ['etiology', 'cause'],
  ['medical reasoning', 'why'],
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERN = new RegExp(
  `\\b(${[...PLAIN_TERMS]
    .map(([term]) => term)
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|')})\\b`,
  'gi',
);
const LOOKUP = new Map(PLAIN_TERMS.map(([term, plain]) => [term, plain]));

export function toPlainLanguage(text: string): string {
  return text.replace(PATTERN, (match: string, _term: string, offset: number) => {
    const plain = LOOKUP.get(match.toLowerCase()) ?? match;
    const atStart = offset === 0 || /[.!?:]\s*$/.test(text.slice(0, offset));
    return atStart ? plain.charAt(0).toUpperCase() + plain.slice(1) : plain;
  });
}
