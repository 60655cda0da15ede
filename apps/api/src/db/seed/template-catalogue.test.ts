import { describe, expect, it } from 'vitest';
import { GENERAL_MEDICINE, PROFESSIONS } from '@clerkly/contracts';
import { APPOINTMENT_TYPES } from './appointment-types';
import { TEMPLATE_CATALOGUE } from './template-catalogue';

const byName = (name: string) => TEMPLATE_CATALOGUE.find((template) => template.name === name);

describe('TEMPLATE_CATALOGUE', () => {
  it('holds at least 40 templates with unique names', () => {
    expect(TEMPLATE_CATALOGUE.length).toBeGreaterThanOrEqual(40);
    const names = TEMPLATE_CATALOGUE.map((template) => template.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every template a description and at least 3 well-formed, uniquely named topics', () => {
    for (const template of TEMPLATE_CATALOGUE) {
      expect(template.name.trim(), 'template name').not.toBe('');
      expect(template.description.trim(), `${template.name}: description`).not.toBe('');
      expect(template.topics.length, `${template.name}: topic count`).toBeGreaterThanOrEqual(3);
      for (const topic of template.topics) {
        expect(topic.name.trim(), `${template.name}: topic name`).not.toBe('');
        expect(topic.guidance.trim(), `${template.name} / ${topic.name}: guidance`).not.toBe('');
      }
      const topicNames = template.topics.map((topic) => topic.name);
      expect(new Set(topicNames).size, `${template.name}: unique topic names`).toBe(
        topicNames.length,
      );
    }
  });

  it('uses only known professions and recommend values of 0 or 1', () => {
    const allowed = new Set<string>([GENERAL_MEDICINE, ...PROFESSIONS]);
    for (const template of TEMPLATE_CATALOGUE) {
      expect(allowed.has(template.medicalProfession), template.name).toBe(true);
      expect([0, 1]).toContain(template.recommend);
    }
  });

  it('covers at least 20 distinct professions', () => {
    const professions = new Set(
      TEMPLATE_CATALOGUE.map((template) => template.medicalProfession).filter(
        (profession) => profession !== GENERAL_MEDICINE,
      ),
    );
    expect(professions.size).toBeGreaterThanOrEqual(20);
  });

  it('has the Clinic Visit Note with exactly its six topics in order', () => {
    const clinicVisit = byName('Clinic Visit Note');
    expect(clinicVisit).toBeDefined();
    expect(clinicVisit?.topics.map((topic) => topic.name)).toEqual([
      'Chief Complaint',
      'History of Present Illness',
      'Review of Systems',
      'Physical Examination',
      'Results',
      'Assessment and Plan',
    ]);
  });

  it('has the general-medicine certificates for work, study, carer’s leave and return to work', () => {
    const certificates = TEMPLATE_CATALOGUE.filter((template) => template.kind === 'certificate');
    const names = certificates.map((template) => template.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Medical Certificate – Work',
        'Medical Certificate – Study',
        "Carer's Leave Certificate",
        'Fitness to Return to Work Certificate',
      ]),
    );
    for (const certificate of certificates) {
      expect(certificate.medicalProfession, certificate.name).toBe(GENERAL_MEDICINE);
    }
  });
});

describe('APPOINTMENT_TYPES', () => {
  it('starts with General Consult (id 1) and has unique names', () => {
    expect(APPOINTMENT_TYPES[0]).toBe('General Consult');
    expect(new Set(APPOINTMENT_TYPES).size).toBe(APPOINTMENT_TYPES.length);
    for (const name of APPOINTMENT_TYPES) {
      expect(name.trim()).not.toBe('');
    }
  });
});
