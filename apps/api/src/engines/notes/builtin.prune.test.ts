import { describe, expect, it } from 'vitest';
import { TEMPLATE_CATALOGUE } from '../../db/seed/template-catalogue';
import { BuiltinNoteEngine } from './builtin.notes';
import { usefulness, worthKeeping } from './builtin/prune';
import type { NoteTemplate } from './note-engine';

function template(name: string): NoteTemplate {
  const found = TEMPLATE_CATALOGUE.find((t) => t.name === name);
  if (!found) throw new Error(`no template ${name}`);
  return { name: found.name, kind: found.kind, topics: found.topics };
}

// A visit where the patient talks about work in words no clinician would write down.
const wrist = [
  "[doctor] hi , i understand you're here for some numbness and tingling in your fingers and some pain in your wrist",
  '[patient] right , my left wrist and hand have been bothering me for a few months now with pain and numbness .',
  '[doctor] okay . do you drop things ?',
  '[patient] yeah , i drop things mostly because i have a hard time feeling it .',
  '[doctor] and what do you do for work ?',
  '[patient] i do landscaping . it is pretty heavy labor but it is yeah the same thing day in and day out .',
  '[doctor] okay . on exam you have a positive tinel sign on both wrists , and grip strength is less on the left .',
  "[doctor] my assessment is bilateral carpal tunnel syndrome . i'd like you to take ibuprofen 600 mg every 6 hours and wear a wrist splint at night .",
  '[doctor] okay , i want to see you back in 2 weeks .',
].join('\n');

describe('builtin engine: what is left out of the note', () => {
  it('leaves out talk that reads as conversation, and keeps the findings and plan', async () => {
    const t = template('Clinic Visit Note');
    const note = await new BuiltinNoteEngine().generate({ transcript: wrist, template: t });
    expect(note.text).not.toMatch(/day in and day out|yeah/i);
    expect(note.text).toMatch(/positive tinel sign on both wrists/i);
    expect(note.text).toMatch(/ibuprofen 600 mg every 6 hours/);
    expect(note.text).toMatch(/carpal tunnel syndrome/i);
    expect(note.text).toMatch(/Follow up in 2 weeks/);
    // The same engine without pruning writes the chat: the test above can fail.
    const unpruned = await new BuiltinNoteEngine(undefined, { prune: false }).generate({
      transcript: wrist,
      template: t,
    });
    expect(unpruned.text).toMatch(/day in and day out/);
  });

  it('scores clinical statements above conversational ones, and keeps short ones', () => {
    expect(usefulness('She reports numbness in the left thumb and index finger.')).toBeGreaterThan(
      usefulness('It is something to explore because we are busy enough with the upkeep.'),
    );
    expect(worthKeeping('She denies chest pain or shortness of breath.')).toBe(true);
    // Problem titles and vitals are too short to judge and always stay.
    expect(worthKeeping('Hypothyroidism.')).toBe(true);
    expect(worthKeeping('SpO2: 96%.')).toBe(true);
  });
});

describe('builtin engine: who the note is about', () => {
  it('names "the patient" at the head of a sentence when the consultation does not say the sex', async () => {
    const transcript = [
      '[doctor] how long have you had the cough ?',
      "[patient] i've had it for about two weeks . my kids had colds and they were coughing too .",
    ].join('\n');
    const note = await new BuiltinNoteEngine().generate({
      transcript,
      template: template('SOAP Note'),
    });
    expect(note.text).toMatch(/The patient has had it for about 2 weeks\./);
    expect(note.text).not.toMatch(/They have had it/);
    // Someone else's "they" is left alone: it is the children who were coughing.
    expect(note.text).not.toMatch(/The patient were coughing/);
  });

  it('keeps he or she when the consultation says the sex', async () => {
    const transcript = [
      '[doctor] this is a 40-year-old female here for a cough . how long have you had the cough ?',
      "[patient] i've had it for about two weeks .",
    ].join('\n');
    const note = await new BuiltinNoteEngine().generate({
      transcript,
      template: template('SOAP Note'),
    });
    expect(note.text).toMatch(/She has had it for about 2 weeks\./);
  });

  it('takes the sex from care only one sex has, and writes "the patient\'s" at the head of a sentence otherwise', async () => {
    const periods = [
      '[doctor] how long have you had the cramps ?',
      '[patient] about two weeks . my last period was late and my cramps are worse .',
    ].join('\n');
    const note = await new BuiltinNoteEngine().generate({
      transcript: periods,
      template: template('SOAP Note'),
    });
    expect(note.text).toMatch(/\bher (?:last period|cramps)\b/);
    expect(note.text).not.toMatch(/\b(?:they|their)\b/i);

    const knee = [
      '[doctor] what brings you in ?',
      '[patient] my right knee has been swelling for three days since i fell .',
    ].join('\n');
    const unknown = await new BuiltinNoteEngine().generate({
      transcript: knee,
      template: template('SOAP Note'),
    });
    expect(unknown.text).toMatch(/The patient's right knee has been swelling for 3 days/);
  });
});

describe('builtin engine: past history', () => {
  it('does not write a condition the patient was asked about and denied as their history', async () => {
    const transcript = [
      '[doctor] what brings you in today ?',
      '[patient] my left wrist has been hurting for a few months .',
      '[doctor] has anybody ever said that you had rheumatoid arthritis in your hand or wrist ?',
      '[patient] no , nobody said anything like that .',
      '[doctor] and you have a past medical history of hypertension , is that right ?',
      '[patient] yes .',
    ].join('\n');
    const note = await new BuiltinNoteEngine().generate({
      transcript,
      template: template('Clinic Visit Note'),
    });
    expect(note.text).not.toMatch(/history significant for[^.]*rheumatoid arthritis/);
    expect(note.text).toMatch(/history significant for hypertension/);
  });
});
