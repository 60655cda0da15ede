import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences';

describe('sentences from speech', () => {
  it('cuts unpunctuated speech where a speaker would pause, and before a bare answer', () => {
    expect(
      splitSentences(
        'have you had any chest pain or shortness of breath when you walk up the stairs no i have not had any of that so let us talk about your blood pressure',
      ),
    ).toEqual([
      'have you had any chest pain or shortness of breath when you walk up the stairs',
      'no i have not had any of that',
      'so let us talk about your blood pressure',
    ]);
  });

  it('cuts before a question with no question mark, and before the reply to it', () => {
    expect(
      splitSentences(
        "i had some headaches too which is not like me okay are there any other symptoms i've been noting some chilling sensations and what are you taking i'm taking 25 milligram tablets do you have a pacemaker or use oxygen at night no",
      ),
    ).toEqual([
      'i had some headaches too which is not like me',
      'okay are there any other symptoms',
      "i've been noting some chilling sensations",
      'and what are you taking',
      "i'm taking 25 milligram tablets",
      'do you have a pacemaker or use oxygen at night',
      'no',
    ]);
  });

  it('asks "does that hurt" apart from the examination around it', () => {
    expect(
      splitSentences(
        'i am going to press on the inside of your knee here does that hurt no okay and your strength is normal',
      ),
    ).toEqual([
      'i am going to press on the inside of your knee here',
      'does that hurt',
      'no okay and your strength is normal',
    ]);
  });

  it('cuts before "does the pain …" asked of a complaint, not before "did the" in a statement', () => {
    expect(
      splitSentences(
        'my lower back has been hurting since i moved house does the pain go down your legs no it stays in my back',
      ),
    ).toEqual([
      'my lower back has been hurting since i moved house',
      'does the pain go down your legs',
      'no it stays in my back',
    ]);
    expect(
      splitSentences('i take ibuprofen twice a day did the ibuprofen help yes a little', true),
    ).toEqual(['i take ibuprofen twice a day', 'did the ibuprofen help', 'yes a little']);
    expect(
      splitSentences('she did the stairs twice and nothing does the trick for the stiffness', true),
    ).toEqual(['she did the stairs twice and nothing does the trick for the stiffness']);
  });

  it('cuts after a greeting question, before "is it …" and before the vital signs told', () => {
    expect(
      splitSentences(
        'hi what brings you in today my left elbow has been hurting for about three weeks is it worse at night yes your blood pressure today is 128 over 82',
        true,
      ),
    ).toEqual([
      'hi what brings you in today',
      'my left elbow has been hurting for about three weeks',
      'is it worse at night',
      'yes',
      'your blood pressure today is 128 over 82',
    ]);
    // ... but not inside a clause that runs on to them.
    expect(
      splitSentences('so let us talk about your blood pressure and that is it for today', true),
    ).toEqual(['so let us talk about your blood pressure and that is it for today']);
  });

  it('cuts before a reply that agrees and goes on in the first person, and after a question trailing off on "or"', () => {
    expect(
      splitSentences(
        "i understand you're here for some pain in your wrist right my right wrist has been bothering me for a few months do you know what caused it or is it something that started slowly or it just kinda started on its own",
        true,
      ),
    ).toEqual([
      "i understand you're here for some pain in your wrist",
      'right my right wrist has been bothering me for a few months',
      'do you know what caused it or is it something that started slowly or',
      'it just kinda started on its own',
    ]);
    // ... not inside a question that goes on after "or", nor at "right" that is a side.
    expect(splitSentences('is it sharp or is it dull or does it burn', true)).toEqual([
      'is it sharp or is it dull or does it burn',
    ]);
    expect(splitSentences('my pain is on the right my left side is fine', true)).toEqual([
      'my pain is on the right my left side is fine',
    ]);
  });

  it('keeps "how often" and "how long" with their question, and cuts before the reply', () => {
    expect(
      splitSentences(
        'it is worse at night how often are you using the blue inhaler about 4 times a day now and the brown one i ran out of it',
        true,
      ),
    ).toEqual([
      'it is worse at night',
      'how often are you using the blue inhaler',
      'about 4 times a day now',
      'and the brown one',
      'i ran out of it',
    ]);
    expect(
      splitSentences('my knee hurts how long have you had this pain for about 3 days', true),
    ).toEqual(['my knee hurts', 'how long have you had this pain', 'for about 3 days']);
  });

  it('cuts before a safety net joined on with "and if"', () => {
    expect(
      splitSentences(
        'keep taking paracetamol up to 4 times a day and if you get a sudden severe headache go to a and e',
        true,
      ),
    ).toEqual([
      'keep taking paracetamol up to 4 times a day',
      'and if you get a sudden severe headache go to a and e',
    ]);
  });

  it('keeps a clause whole where a question word only continues it', () => {
    expect(
      splitSentences(
        'i do not know what is going on with my knee and i think it is worse when i walk up the stairs at night',
      ),
    ).toEqual([
      'i do not know what is going on with my knee and i think it is worse when i walk up the stairs at night',
    ]);
  });
});

describe('the clinician turning to findings and the plan', () => {
  it('cuts before a finding told to the patient and before "the plan is"', () => {
    expect(
      splitSentences(
        'any fever no fever your throat is red i think this is a viral infection the plan is rest and fluids and paracetamol as needed',
        true,
      ),
    ).toEqual([
      'any fever',
      'no fever',
      'your throat is red',
      'i think this is a viral infection',
      'the plan is rest and fluids and paracetamol as needed',
    ]);
  });

  it('cuts before a result told after a bare answer, not before a result to be checked', () => {
    expect(
      splitSentences(
        'any numbness in your feet no your a1c came back at 8.9 we will recheck your a1c in 3 months',
        true,
      ),
    ).toEqual([
      'any numbness in your feet',
      'no',
      'your a1c came back at 8.9',
      'we will recheck your a1c in 3 months',
    ]);
  });

  it('cuts before the replies that qualify, the examination, the diagnosis and coming back', () => {
    expect(
      splitSentences(
        'any chest pain not really no any nausea or vomiting some nausea but no vomiting do you get short of breath only when i climb the stairs',
        true,
      ),
    ).toEqual([
      'any chest pain',
      'not really no',
      'any nausea or vomiting',
      'some nausea but no vomiting',
      'do you get short of breath',
      'only when i climb the stairs',
    ]);
    expect(
      splitSentences(
        'no cough let me take a look your temperature is 38.2 today this looks like influenza i will prescribe rest for ten days come back if it is not better',
        true,
      ),
    ).toEqual([
      'no cough',
      'let me take a look',
      'your temperature is 38.2 today',
      'this looks like influenza',
      'i will prescribe rest for ten days',
      'come back if it is not better',
    ]);
    // An open "if" clause goes on: no cut before "come back".
    expect(
      splitSentences('if you have a lot of pain come back in and we will look again', true),
    ).toEqual(['if you have a lot of pain come back in and we will look again']);
    // "tell me a little", "running a little high": not a reply.
    expect(
      splitSentences(
        'can you tell me a little bit about that your sugar has been running a little high',
        true,
      ),
    ).not.toContain('a little high');
  });

  it('cuts before the clinician turning to a problem, not before "for your" in a clause', () => {
    expect(
      splitSentences(
        'i take ibuprofen and it helps a bit for your low back pain i think you have a lumbar strain',
        true,
      ),
    ).toEqual([
      'i take ibuprofen and it helps a bit',
      'for your low back pain',
      'i think you have a lumbar strain',
    ]);
    expect(
      splitSentences(
        'i will give you something for your pain and we will see you in two weeks',
        true,
      ),
    ).toEqual(['i will give you something for your pain and we will see you in two weeks']);
  });

  it('cuts before "let us" and what the clinician will do next, not before "let us know"', () => {
    expect(
      splitSentences(
        'i think these are tension headaches but your blood pressure is high let us recheck it in two weeks',
        true,
      ),
    ).toEqual([
      'i think these are tension headaches but your blood pressure is high',
      'let us recheck it in two weeks',
    ]);
    const said = 'if the pain gets worse please let us know straight away';
    expect(splitSentences(said, true)).toEqual([said]);
  });

  it('cuts before a medicine to restart or the next one asked about, not inside "we will start"', () => {
    expect(
      splitSentences(
        'that is high because you have been off the amlodipine restart amlodipine 5 mg once a day',
        true,
      ),
    ).toEqual([
      'that is high because you have been off the amlodipine',
      'restart amlodipine 5 mg once a day',
    ]);
    expect(
      splitSentences('i ran out so i have not been taking it what about the atorvastatin', true),
    ).toEqual(['i ran out so i have not been taking it', 'what about the atorvastatin']);
    for (const said of [
      'so this means we will um start chemotherapy after you have recovered',
      'so i wan na continue the lisinopril at twenty milligrams',
      'if it hurts take ibuprofen',
    ]) {
      expect(splitSentences(said, true)).toEqual([said]);
    }
  });

  it('keeps "the plan" inside a clause that runs on to it', () => {
    for (const said of [
      'so what is the plan for my knee then doctor',
      'i would like to know the plan for my knee after the x-ray',
    ]) {
      expect(splitSentences(said, true)).toEqual([said]);
    }
  });
});
