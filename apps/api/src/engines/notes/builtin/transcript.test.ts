import { describe, expect, it } from 'vitest';
import { clinicianScore, parseTranscript } from './transcript';

describe('who said what', () => {
  it('reads tags of every kind and numbered speakers by how they talk', () => {
    expect(parseTranscript('[doctor] how is the knee?\n[patient] it hurts.')).toEqual([
      { role: 'clinician', text: 'how is the knee?' },
      { role: 'patient', text: 'it hurts.' },
    ]);
    const numbered = parseTranscript(
      'Speaker 0: My knee hurts when I climb stairs.\nSpeaker 1: Do you have any swelling in your knee? I will examine it.',
    );
    expect(numbered.map((t) => t.role)).toEqual(['patient', 'clinician']);
  });

  it('without tags, makes each sentence a turn whose speaker the engine guesses', () => {
    expect(parseTranscript('Any fever? No. I feel tired.').map((t) => t.text)).toEqual([
      'Any fever?',
      'No.',
      'I feel tired.',
    ]);
  });

  it('scores the clinician’s habits above the patient’s (issue 21)', () => {
    for (const clinician of [
      'let us talk about my assessment and plan',
      'we will order an x-ray of your knee',
      'she is a 58-year-old female here for follow up',
      'hey dragon, show me the blood pressure',
      'so how are you doing today',
    ]) {
      expect({ clinician, score: clinicianScore(clinician) > 0 }).toEqual({
        clinician,
        score: true,
      });
    }
    for (const patient of [
      'i was helping my daughter move and my back started hurting',
      'i tried some ibuprofen but it did not help',
      'i have been feeling tired for a few weeks',
    ]) {
      expect({ patient, score: clinicianScore(patient) <= 0 }).toEqual({ patient, score: true });
    }
  });

  it('reads the roles from what each says when the labels are the other way round', () => {
    const swapped = [
      '[patient] hi there, what brings you in today?',
      "[doctor] my right knee has been hurting since i fell off my bike and i've been taking ibuprofen.",
      '[patient] okay, let me take a look. on exam you have some swelling of your right knee. any fever?',
      '[doctor] no.',
      "[patient] i'd like you to ice it, and we'll get an x-ray. i want you to follow up in two weeks.",
      '[doctor] sounds good.',
    ].join('\n');
    const roles = parseTranscript(swapped).map((t) => t.role);
    expect(roles).toEqual(['clinician', 'patient', 'clinician', 'patient', 'clinician', 'patient']);
    // Labels that agree with what is said are kept as they are.
    const straight = swapped
      .replace(/\[patient\]/g, '[x]')
      .replace(/\[doctor\]/g, '[patient]')
      .replace(/\[x\]/g, '[doctor]');
    expect(parseTranscript(straight).map((t) => t.role)).toEqual(roles);
  });
});
