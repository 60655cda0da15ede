/**
 * The 38 professions of spec point 3, in id order (id = index + 1).
 * The database seed and the profession select both read this list.
 */
export const PROFESSIONS = [
  'Allergist/Immunologist',
  'Anesthesiologist',
  'Audiologist',
  'Cardiologist',
  'Dermatologist',
  'Dietitian',
  'Emergency Medicine Physician',
  'Endocrinologist',
  'ENT Specialist (Otolaryngologist)',
  'Family Medicine Physician',
  'Gastroenterologist',
  'General Practitioner',
  'Geriatrician',
  'Hematologist',
  'Infectious Disease Specialist',
  'Internal Medicine Physician',
  'Medical Geneticist',
  'Nephrologist',
  'Neurologist',
  'Nurse',
  'Nurse Practitioner',
  'Obstetrician/Gynecologist',
  'Occupational Medicine Specialist',
  'Oncologist',
  'Ophthalmologist',
  'Orthopedic Surgeon',
  'Pathologist',
  'Pediatrician',
  'Physician Assistant',
  'Preventive Medicine Specialist',
  'Psychiatrist',
  'Psychologist',
  'Pulmonologist',
  'Radiologist',
  'Rheumatologist',
  'Sports Medicine Specialist',
  'Surgeon',
  'Urologist',
] as const;

export type ProfessionName = (typeof PROFESSIONS)[number];

/** Templates meant for every clinician carry this pseudo-profession (spec point 6). */
export const GENERAL_MEDICINE = 'General medicine';

export const isProfession = (value: string): value is ProfessionName =>
  (PROFESSIONS as readonly string[]).includes(value);
