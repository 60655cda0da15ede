/**
 * Appointment types offered in the create-session form (spec point 3).
 *
 * The id of each type is its 1-based position in this list, and id 1 ("General Consult") is the
 * default selection. The list is append-only: once seeded, ids must never shift, so never reorder,
 * insert into or remove from it; add new types at the end.
 */
export const APPOINTMENT_TYPES: readonly string[] = [
  'General Consult',
  'Follow-up',
  'New Patient',
  'Telehealth',
  'Procedure',
  'Mental Health',
  'Chronic Disease Review',
  'Health Assessment',
  'Antenatal',
  'Immunisation',
  'Wound Care',
  'Medication Review',
  'Pre-operative Assessment',
  'Post-operative Review',
  'Home Visit',
  'Results Review',
];
