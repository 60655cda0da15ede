import { describe, expect, it } from 'vitest';
import {
  filterByPatientName,
  formatSessionDate,
  latestSessionPerPatient,
  notesOfSessions,
  type SessionGroup,
  type SessionNoteRef,
} from './session-groups';

let nextId = 1;
function note(
  firstName: string,
  createdAt: Date,
  overrides: Partial<SessionNoteRef> = {},
): SessionNoteRef {
  const id = nextId++;
  return {
    id,
    sessionId: id,
    templateId: 1,
    firstName,
    createdAt: createdAt.toISOString(),
    TemplateName: 'SOAP Note',
    ...overrides,
  };
}

/** A local date-time, so "the same day" holds in whatever time zone the tests run. */
const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute);

const summary = (groups: SessionGroup[]) =>
  groups.map((group) => ({
    name: group.patientName,
    createdAt: group.createdAt,
    templates: group.notes.map((n) => n.TemplateName),
  }));

describe('latestSessionPerPatient', () => {
  it('keeps only the latest day of each patient, newest patient first', () => {
    const groups = latestSessionPerPatient([
      note('Ann Lee', at(3, 9)),
      note('Ben Ode', at(5, 14)),
      note('Ann Lee', at(10, 8), { TemplateName: 'Referral Letter' }),
      note('Cat Poe', at(7, 11)),
    ]);

    expect(summary(groups)).toEqual([
      { name: 'Ann Lee', createdAt: at(10, 8).toISOString(), templates: ['Referral Letter'] },
      { name: 'Cat Poe', createdAt: at(7, 11).toISOString(), templates: ['SOAP Note'] },
      { name: 'Ben Ode', createdAt: at(5, 14).toISOString(), templates: ['SOAP Note'] },
    ]);
  });

  it("puts all notes of a patient's day in one group, latest session first", () => {
    const morning = note('Ann Lee', at(4, 9), { sessionId: 10, TemplateName: 'SOAP Note' });
    const morningLetter = note('Ann Lee', at(4, 9), {
      sessionId: 10,
      templateId: 4,
      TemplateName: 'Referral Letter',
    });
    const afternoon = note('Ann Lee', at(4, 16), { sessionId: 11, TemplateName: 'Care Plan' });

    const [group, ...rest] = latestSessionPerPatient([morning, morningLetter, afternoon]);

    expect(rest).toEqual([]);
    expect(group?.createdAt).toBe(at(4, 16).toISOString());
    expect(group?.notes.map((n) => n.TemplateName)).toEqual([
      'Care Plan',
      'SOAP Note',
      'Referral Letter',
    ]);
  });

  it('treats names differing only in case or spacing as the same patient', () => {
    const groups = latestSessionPerPatient([
      note('ann  lee', at(2, 9)),
      note(' Ann Lee ', at(2, 10)),
      note('ANN LEE', at(1, 10)),
    ]);

    expect(groups).toHaveLength(1);
    expect(groups[0]?.patientName).toBe('Ann Lee');
    expect(groups[0]?.notes).toHaveLength(2);
  });

  it('does not depend on the order the server sends', () => {
    const notes = [
      note('Ann Lee', at(1, 9)),
      note('Ben Ode', at(9, 9)),
      note('Ann Lee', at(8, 9)),
      note('Ann Lee', at(8, 7)),
    ];
    const forward = summary(latestSessionPerPatient(notes));
    expect(summary(latestSessionPerPatient([...notes].reverse()))).toEqual(forward);
    expect(forward.map((g) => [g.name, g.templates.length])).toEqual([
      ['Ben Ode', 1],
      ['Ann Lee', 2],
    ]);
  });

  // How long it takes is not asserted here (a timed test fails on a busy machine): the grouping
  // is one pass over the notes with a map per patient.
  it('groups thousands of notes: each patient once, with their latest session', () => {
    const notes = Array.from({ length: 20_000 }, (_, i) =>
      note(`Patient ${i % 3000}`, new Date(2024, 0, 1 + (i % 365), 9)),
    );
    const groups = latestSessionPerPatient(notes);
    expect(groups).toHaveLength(3000);
    expect(new Set(groups.map((g) => g.patientName)).size).toBe(3000);
  });
});

describe('notesOfSessions', () => {
  it("gives each note its session's patient name and time, in the server's order", () => {
    expect(
      notesOfSessions([
        {
          sessionId: 7,
          firstName: 'Ann Lee',
          createdAt: '2025-03-04T09:00:00.000Z',
          notes: [
            { id: 70, templateId: 1, TemplateName: 'SOAP Note' },
            { id: 71, templateId: 3, TemplateName: 'Care Plan' },
          ],
        },
        { sessionId: 6, firstName: 'Ben Ode', createdAt: '2025-03-03T09:00:00.000Z', notes: [] },
      ]),
    ).toEqual([
      {
        id: 70,
        sessionId: 7,
        templateId: 1,
        TemplateName: 'SOAP Note',
        firstName: 'Ann Lee',
        createdAt: '2025-03-04T09:00:00.000Z',
      },
      {
        id: 71,
        sessionId: 7,
        templateId: 3,
        TemplateName: 'Care Plan',
        firstName: 'Ann Lee',
        createdAt: '2025-03-04T09:00:00.000Z',
      },
    ]);
  });
});

describe('filterByPatientName', () => {
  const groups = latestSessionPerPatient([
    note('Ann Lee', at(3, 9)),
    note('Joanna Smith', at(4, 9)),
    note('Ben Ode', at(5, 9)),
  ]);

  it('matches any part of the name, ignoring case and extra spaces', () => {
    expect(filterByPatientName(groups, '  ANN ').map((g) => g.patientName)).toEqual([
      'Joanna Smith',
      'Ann Lee',
    ]);
  });

  it('keeps everything for an empty search', () => {
    expect(filterByPatientName(groups, ' ')).toHaveLength(3);
  });
});

describe('formatSessionDate', () => {
  it('shows en-US short date with hour and minute', () => {
    expect(formatSessionDate(at(14, 9, 5).toISOString())).toBe('3/14/25, 9:05 AM');
  });
});
