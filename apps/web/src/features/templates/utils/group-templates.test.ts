import type { Template } from '@clerkly/contracts';
import { describe, expect, it } from 'vitest';
import { groupTemplates, searchTemplates } from './group-templates';

let nextId = 1;
const template = (overrides: Partial<Template>): Template => ({
  id: nextId++,
  name: 'Template',
  description: '',
  medicalProfession: 'General medicine',
  recommend: 1,
  ...overrides,
});

const catalogue = [
  template({ name: 'SOAP Note' }),
  template({ name: 'Discharge Summary', recommend: 0 }),
  template({ name: 'Psychiatric Review', medicalProfession: 'Psychiatrist' }),
  template({ name: 'Psychological Report', medicalProfession: 'Psychologist' }),
  template({ name: 'Ward Round Note', medicalProfession: 'Psychiatrist', recommend: 0 }),
];
const names = (templates: Template[]) => templates.map((t) => t.name);

describe('groupTemplates', () => {
  it("recommends general medicine and the user's profession, when marked recommended", () => {
    const groups = groupTemplates(catalogue, 'Psychiatrist');

    expect(names(groups.recommended)).toEqual(['SOAP Note', 'Psychiatric Review']);
    expect(names(groups.other)).toEqual([
      'Discharge Summary',
      'Psychological Report',
      'Ward Round Note',
    ]);
  });

  it("puts the user's own templates in a group of their own, above the catalogue", () => {
    const own = template({ name: 'My knee note', medicalProfession: '', recommend: 0, own: true });
    const groups = groupTemplates([...catalogue, own], 'Psychiatrist');
    expect(names(groups.mine)).toEqual(['My knee note']);
    expect(names(groups.other)).not.toContain('My knee note');
  });

  it("puts the clinic's shared templates in their own group, apart from the catalogue", () => {
    const shared = template({ name: 'Clinic knee note', medicalProfession: '', clinic: true });
    const groups = groupTemplates([...catalogue, shared], 'Psychiatrist');
    expect(names(groups.clinic)).toEqual(['Clinic knee note']);
    expect(names([...groups.mine, ...groups.recommended, ...groups.other])).not.toContain(
      'Clinic knee note',
    );
  });

  it('recommends general medicine only when the user has no profession', () => {
    expect(names(groupTemplates(catalogue, null).recommended)).toEqual(['SOAP Note']);
  });
});

describe('searchTemplates', () => {
  it('matches every word against name, description and profession, ignoring case', () => {
    expect(names(searchTemplates(catalogue, 'psych'))).toEqual([
      'Psychiatric Review',
      'Psychological Report',
      'Ward Round Note',
    ]);
    expect(names(searchTemplates(catalogue, 'REVIEW psychiatrist'))).toEqual([
      'Psychiatric Review',
    ]);
    expect(searchTemplates(catalogue, 'nothing like this')).toEqual([]);
    expect(searchTemplates(catalogue, '  ')).toHaveLength(catalogue.length);
  });
});
