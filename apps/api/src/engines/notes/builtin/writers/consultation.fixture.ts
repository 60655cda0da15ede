/**
 * One knee consultation in the three shapes the app receives (issue 21): tagged and punctuated
 * (ACI-BENCH, typed transcripts), punctuated without speakers (a Whisper server), and lower case
 * without punctuation or speakers (the offline recogniser). Writers' tests run on all three.
 */
import { analyseConsultation } from '../consultation';
import type { WriterContext } from './writer';

const TURNS: [string, string][] = [
  ['doctor', 'Hi Ms. Lane, what brings you in today?'],
  ['patient', 'My left knee has been hurting for three days after I twisted it on a ladder.'],
  ['doctor', 'Any fever or chills?'],
  ['patient', 'No, nothing like that.'],
  ['doctor', 'Are you taking anything for it?'],
  ['patient', 'I take ibuprofen four hundred milligrams twice a day.'],
  [
    'doctor',
    'On exam, there is tenderness over the medial joint line of your left knee. Your lungs are clear.',
  ],
  ['doctor', 'Looking at your x-ray, it shows no fracture.'],
  [
    'doctor',
    'For your left knee pain, I think you have a medial meniscus strain. We will get you a knee brace and I want you to ice it. We will see you back in two weeks.',
  ],
  ['patient', 'Sounds good, thank you.'],
];

/** A consultation's turns in the three shapes the app receives. */
export function inThreeShapes(turns: readonly (readonly [string, string])[]) {
  return {
    tagged: turns.map(([who, text]) => `[${who}] ${text}`).join('\n'),
    plain: turns.map(([, text]) => text).join(' '),
    asr: turns
      .map(([, text]) => text)
      .join(' ')
      .toLowerCase()
      .replace(/[^a-z0-9' ]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  } as const;
}

export const KNEE_VISIT = inThreeShapes(TURNS);

/**
 * A short visit as a clinician trying the app records one: the doctor introduces themselves,
 * announces the examination with a bare "let me take a look", and names the diagnosis and the
 * treatment with no "assessment" or "plan" cue.
 */
export const SORE_THROAT_VISIT = inThreeShapes([
  ['doctor', 'Hi, I am Doctor Patel. What brings you in today?'],
  ['patient', 'I have had a sore throat for three days and a fever.'],
  ['doctor', 'Any cough?'],
  ['patient', 'No cough.'],
  [
    'doctor',
    'Let me take a look. Your throat is red and your tonsils are swollen. I think this is strep throat. I will prescribe amoxicillin 500 mg twice a day for ten days. Come back if it is not better in a week.',
  ],
  ['patient', 'Okay, thank you.'],
]);

export type Shape = keyof typeof KNEE_VISIT;
export const SHAPES = Object.keys(KNEE_VISIT) as Shape[];

/** A fresh writer context over the consultation, as the engine makes one per note. */
export function writerContext(transcript: string): WriterContext {
  return { c: analyseConsultation(transcript), detail: 'standard', used: new Set() };
}

/** A visit for a certificate: the diagnosis said as "this looks like …", a reply that only says no. */
export const FLU_VISIT = inThreeShapes([
  ['doctor', 'Hello, how can I help you today?'],
  ['patient', 'I have had the flu since Monday, fever and aches, and I need a note for work.'],
  ['doctor', 'Any chest pain or trouble breathing?'],
  ['patient', 'No, none of that.'],
  [
    'doctor',
    'Okay. Your temperature is thirty eight point two today. This looks like influenza. I will write you a certificate for work until Friday.',
  ],
]);

/** Replies that qualify: "not really, no", "some nausea, but no vomiting", "only when i climb". */
export const HEADACHE_VISIT = inThreeShapes([
  ['doctor', 'Good morning Mr. Jones. What brings you in?'],
  ['patient', 'I have been getting headaches every afternoon for two weeks.'],
  ['doctor', 'Do you have any chest pain?'],
  ['patient', 'Not really, no.'],
  ['doctor', 'Any nausea or vomiting?'],
  ['patient', 'Some nausea, but no vomiting.'],
  ['doctor', 'Do you get short of breath?'],
  ['patient', 'Only when I climb the stairs.'],
  ['doctor', 'Are you taking anything for the headaches?'],
  ['patient', 'Paracetamol, but it does not help much.'],
  [
    'doctor',
    'Your blood pressure is 165 over 95. I think your headaches are from high blood pressure. I will start you on amlodipine 5 mg once a day and we will check it again in two weeks.',
  ],
]);

/**
 * Short general-practice visits (issue 21's three shapes) with no "on exam", "assessment" or
 * "plan" cue: findings said as they are found, the diagnosis said plainly, the plan as advice.
 */
export const UTI_VISIT = inThreeShapes([
  ['doctor', 'Hello, what can I do for you today?'],
  ['patient', 'I have had burning when I pass urine for three days and I am going more often.'],
  ['doctor', 'Any blood in your urine?'],
  ['patient', 'No.'],
  ['doctor', 'Any fever or back pain?'],
  ['patient', 'No fever, but a bit of pain in my lower back.'],
  ['doctor', 'Are you allergic to any medicines?'],
  ['patient', 'Yes, I am allergic to penicillin.'],
  [
    'doctor',
    'Your urine dip shows leukocytes and nitrites. I think this is a urinary tract infection. I will give you nitrofurantoin 100 mg twice a day for three days.',
  ],
  ['patient', 'Okay, thanks.'],
]);

/**
 * The same complaint said as it is felt ("it burns when I pee"), with back pain asked about and
 * denied, and an allergy to "any antibiotics" answered by naming one.
 */
export const UTI_SAID_PLAINLY_VISIT = inThreeShapes([
  ['doctor', 'Hello Ms Green, what can I do for you?'],
  ['patient', 'It burns when I pee and I keep needing to go, since Monday.'],
  ['doctor', 'Any blood in your urine?'],
  ['patient', 'No.'],
  ['doctor', 'Any fever or pain in your back?'],
  ['patient', 'No, nothing like that.'],
  ['doctor', 'Are you allergic to any antibiotics?'],
  ['patient', 'Yes, penicillin gives me a rash.'],
  [
    'doctor',
    'Your urine dip shows nitrites and leukocytes. This looks like a urinary tract infection. I will give you nitrofurantoin 100 mg twice a day for three days. If you get a fever or pain in your back, call us straight away.',
  ],
  ['patient', 'Thank you.'],
]);

/** A parent speaks for their child; the findings are "her" eardrum. */
export const EAR_VISIT = inThreeShapes([
  ['doctor', 'Hello, what has brought you in with Lily today?'],
  [
    'patient',
    'She has had a sore right ear since last night and a temperature of thirty eight point five.',
  ],
  ['doctor', 'Is she eating and drinking?'],
  ['patient', 'She is drinking but not eating much.'],
  ['doctor', 'Any discharge from the ear?'],
  ['patient', 'No.'],
  [
    'doctor',
    'Her right eardrum is red and bulging. The left ear is normal. I think this is an ear infection. I will prescribe amoxicillin 250 mg three times a day for five days.',
  ],
]);

/** A review: a side effect that has gone, a risk question denied, the plan said as "I think we will". */
export const MOOD_REVIEW = inThreeShapes([
  ['doctor', 'How have you been since we started the sertraline?'],
  ['patient', 'Better. I am sleeping better, but I still feel anxious at work.'],
  ['doctor', 'Any thoughts of harming yourself?'],
  ['patient', 'No, never.'],
  ['doctor', 'Any side effects?'],
  ['patient', 'A bit of nausea in the first week, but that has gone.'],
  [
    'doctor',
    'I think we will increase the sertraline to 100 mg once a day and review in four weeks.',
  ],
]);

/** An injury: the examination as findings, "this is a sprain", the treatment as advice. */
export const ANKLE_VISIT = inThreeShapes([
  ['doctor', 'What happened?'],
  ['patient', 'I rolled my left ankle playing netball on Saturday.'],
  ['doctor', 'Can you walk on it?'],
  ['patient', 'Yes, but it hurts.'],
  ['doctor', 'Did you hear a crack?'],
  ['patient', 'No.'],
  [
    'doctor',
    'There is swelling over the outside of your left ankle and tenderness over the ligament, but no bony tenderness. This is a sprain, so you do not need an x-ray. Rest it, ice it, and take ibuprofen 400 mg three times a day with food.',
  ],
]);

/** A former smoker, an amount asked for, a family history, findings and a result said plainly. */
export const PALPITATIONS_VISIT = inThreeShapes([
  ['doctor', 'Good afternoon Mrs. Brown, what brings you in?'],
  ['patient', 'My heart has been racing on and off for two weeks.'],
  ['doctor', 'Any chest pain?'],
  ['patient', 'No chest pain, but I feel a bit dizzy when it happens.'],
  ['doctor', 'Do you smoke?'],
  ['patient', 'I used to, but I quit five years ago.'],
  ['doctor', 'How much coffee do you drink?'],
  ['patient', 'About five cups a day.'],
  ['doctor', 'Any family history of heart disease?'],
  ['patient', 'My dad had a heart attack at fifty.'],
  [
    'doctor',
    'Your heart sounds regular and there are no murmurs. Your ECG is normal. I think these are palpitations from the caffeine. Cut down on coffee, and we will do some blood tests including your thyroid.',
  ],
]);

/** A review whose replies lean on the question: "they" are the sugars, a dose without its drug. */
export const DIABETES_REVIEW = inThreeShapes([
  ['doctor', 'Hi Mr. Singh, how have your sugars been?'],
  ['patient', 'Not great. They have been running about twelve in the mornings.'],
  ['doctor', 'Are you taking the metformin?'],
  ['patient', 'Yes, five hundred milligrams twice a day, but I sometimes forget the evening one.'],
  ['doctor', 'Any numbness in your feet?'],
  ['patient', 'No.'],
  [
    'doctor',
    'Your HbA1c came back at sixty eight. We will increase the metformin to one gram twice a day and I will see you in three months.',
  ],
]);

/** "How can I help?" answered at once, findings said as found, a certificate given. */
export const BACK_STRAIN_VISIT = inThreeShapes([
  ['doctor', 'Hi, how can I help?'],
  ['patient', 'I hurt my back lifting boxes at work yesterday and I need a certificate.'],
  ['doctor', 'Any numbness or tingling in your legs?'],
  ['patient', 'No.'],
  [
    'doctor',
    'Your lower back is tender over the muscles, and the straight leg raise is negative. This is a muscular back strain. I will give you a certificate for three days off work.',
  ],
]);

/**
 * A parent with a feverish child: the advice is for the parent ("you can give her paracetamol"),
 * and the plan goes on with no "plan" cue (advice, care, a safety net).
 */
export const CHILD_FEVER_VISIT = inThreeShapes([
  ['doctor', 'Hello, what brings you in with Mia today?'],
  ['patient', 'She has had a fever since yesterday and she is not eating much.'],
  ['doctor', 'Has she had any vomiting or diarrhoea?'],
  ['patient', 'No, none.'],
  ['doctor', 'Any rash?'],
  ['patient', 'No rash.'],
  [
    'doctor',
    'Let me have a look at her. Her temperature is thirty eight point two. Her throat is a bit red. Her chest is clear and her ears look normal.',
  ],
  [
    'doctor',
    'I think this is a viral infection. You can give her paracetamol every six hours for the fever. Keep her drinking plenty of fluids. If she stops drinking or gets a rash, bring her back straight away.',
  ],
  ['patient', 'Okay, thank you doctor.'],
]);

/**
 * British spelling as Whisper writes it for a UK or Australian clinician ("diarrhoea", "oedema",
 * "coeliac", "anaemia"), a reply that ends "none of that", and the abdomen as "your tummy".
 */
export const GASTRO_VISIT = inThreeShapes([
  ['doctor', 'What brings you in today?'],
  ['patient', 'I have had diarrhoea for three days and some stomach cramps.'],
  ['doctor', 'Any blood in your stool or vomiting?'],
  ['patient', 'No, none of that.'],
  ['doctor', 'Any swelling in your ankles, any oedema?'],
  ['patient', 'No.'],
  ['doctor', 'Do you have any medical problems?'],
  ['patient', 'I have coeliac disease and anaemia.'],
  [
    'doctor',
    'Your tummy is soft and not tender. I think this is gastroenteritis. Drink plenty of fluids and come back if it is not better in a week.',
  ],
]);

/**
 * Low back pain with its red flags asked about ("any problems with your bladder or bowels?", a
 * question naming no symptom), and the treatment said as an instruction ("take paracetamol and
 * keep moving") straight after the diagnosis.
 */
export const BACK_RED_FLAGS_VISIT = inThreeShapes([
  ['doctor', 'Hello Mrs Shah, what brings you in today?'],
  ['patient', 'I have had pain in my lower back for two weeks.'],
  ['doctor', 'Any problems with your bladder or bowels?'],
  ['patient', 'No.'],
  ['doctor', 'Any numbness in your legs?'],
  ['patient', 'No, none.'],
  [
    'doctor',
    'Your back is tender over the lower muscles. I think this is a muscular strain. Take paracetamol and keep moving.',
  ],
]);

/**
 * An asthma review: a finding said with "has" ("your chest has a slight wheeze"), a peak flow
 * read out, the control of a known condition as the assessment, a dose changed ("i will
 * increase…"), a reply giving how often, and a safety net after a long condition.
 */
export const ASTHMA_REVIEW = inThreeShapes([
  ['doctor', 'Hi Tom, how have you been getting on with your asthma?'],
  ['patient', 'Not great, I have been wheezy for about a week since I had a cold.'],
  ['doctor', 'Are you using your blue inhaler more than usual?'],
  ['patient', 'Yes, about three times a day.'],
  ['doctor', 'Any cough at night?'],
  ['patient', 'Sometimes, it wakes me up.'],
  ['doctor', 'Do you smoke?'],
  ['patient', 'No, I never have.'],
  ['doctor', 'Any chest pain?'],
  ['patient', 'No.'],
  [
    'doctor',
    'Your chest has a slight wheeze on both sides. Your peak flow is 350, which is about seventy percent of your best.',
  ],
  [
    'doctor',
    'I think your asthma is not well controlled after the cold. I will increase your brown inhaler to two puffs twice a day. Use the blue one when you need it. If you need it more than four times a day, come back and see me.',
  ],
  ['patient', 'Okay, thanks.'],
]);

/**
 * Exertional chest pain: where the pain goes said as a place ("sometimes into my left arm" to
 * "into your arm or jaw?"), a diagnosis said as a possibility ("this could be angina"), a result
 * said during the examination ("your ECG today is normal"), and a safety net to call 999.
 */
export const CHEST_PAIN_VISIT = inThreeShapes([
  ['doctor', 'Good morning Mr Evans, what can I do for you today?'],
  [
    'patient',
    'I have been getting some tightness in my chest when I walk up hills, for about a month.',
  ],
  ['doctor', 'Does the pain go anywhere, into your arm or jaw?'],
  ['patient', 'Sometimes into my left arm.'],
  ['doctor', 'Any shortness of breath with it?'],
  ['patient', 'A little bit.'],
  ['doctor', 'Any family history of heart problems?'],
  ['patient', 'My father had a heart attack at fifty five.'],
  [
    'doctor',
    'Your blood pressure is 150 over 95. Your heart sounds are normal and your chest is clear. Your ECG today is normal.',
  ],
  [
    'doctor',
    'I think this could be angina. I will refer you to the rapid access chest pain clinic, and I will start you on aspirin 75 mg once a day and a GTN spray to use if you get the pain. If the pain comes on at rest or lasts more than fifteen minutes, call 999.',
  ],
  ['patient', 'Okay, thank you.'],
]);

/**
 * A shoulder strain: a fever the patient has not checked, findings of two systems' words in one
 * breath, the diagnosis said "it looks like …", and a return that is only if it is not better.
 */
export const SHOULDER_STRAIN_VISIT = inThreeShapes([
  ['doctor', 'What brings you in today?'],
  ['patient', 'I hurt my right shoulder lifting boxes at work last week.'],
  ['doctor', 'Any fever?'],
  ['patient', "I don't think so, I haven't checked."],
  [
    'doctor',
    'Let me examine you. There is tenderness over the right trapezius. Abduction of the right shoulder is full and strength is normal.',
  ],
  [
    'doctor',
    'It looks like a muscular strain. Use ice and take paracetamol as needed. Come back in two weeks if it is not better.',
  ],
  ['patient', 'Okay, thanks.'],
]);

/** An asthma review: how well it is controlled is the assessment, and the inhalers the plan. */
export const ASTHMA_REVIEW_VISIT = inThreeShapes([
  ['doctor', 'Hello, how can I help today?'],
  [
    'patient',
    "My asthma has been worse since I had a cold two weeks ago. I'm waking up at night coughing.",
  ],
  ['doctor', 'Any chest pain?'],
  ['patient', 'No.'],
  [
    'doctor',
    'Your chest has a few wheezes on both sides and your peak flow is 320, your best is 450.',
  ],
  [
    'doctor',
    'Your asthma is not well controlled. Restart the brown inhaler, two puffs twice a day, and use the blue one when you need it.',
  ],
  ['patient', 'Okay, will do.'],
]);

/** Tension headaches: the diagnosis, then advice and a medicine told in one breath. */
export const TENSION_HEADACHE_VISIT = inThreeShapes([
  ['doctor', 'Good morning, what can I do for you?'],
  ['patient', "I've had a headache on and off for about a week, mostly behind my eyes."],
  ['doctor', 'Your pupils are equal and reactive.'],
  [
    'doctor',
    'I think these are tension headaches. Try to cut down on screen time, keep taking paracetamol up to four times a day, and if you get a sudden severe headache or weakness, go to A and E.',
  ],
  ['patient', 'Thank you.'],
]);

/** A child brought by a parent: the questions end in "okay?", the advice is the parent's. */
export const EAR_INFECTION_VISIT = inThreeShapes([
  ['doctor', "Hi, what's brought you and Lily in today?"],
  ['patient', "She's had a fever since yesterday and she keeps pulling at her right ear."],
  ['doctor', 'Is she eating and drinking okay?'],
  ['patient', "She's drinking but not eating much."],
  ['doctor', 'Her right eardrum is red and bulging. Her chest is clear.'],
  [
    'doctor',
    "This is an ear infection. I'll give her amoxicillin three times a day for five days, and you can give her paracetamol for the fever.",
  ],
  ['patient', 'Thank you.'],
]);

/**
 * An asthma review in which the replies need their questions ("how often …?" "about 4 times a
 * day now"; "and the brown one?") and the plan ends with a safety net to A and E.
 */
export const INHALER_REVIEW_VISIT = inThreeShapes([
  ['doctor', 'Hello, how can I help today?'],
  [
    'patient',
    "My asthma has been worse since I had a cold two weeks ago. I'm waking up at night coughing.",
  ],
  ['doctor', 'How often are you using the blue inhaler?'],
  ['patient', 'About 4 times a day now.'],
  ['doctor', 'And the brown one?'],
  ['patient', 'I ran out of it a month ago.'],
  ['doctor', 'Any chest pain?'],
  ['patient', 'No.'],
  [
    'doctor',
    'Your chest has a few wheezes on both sides and your peak flow is 320, your best is 450.',
  ],
  [
    'doctor',
    'Your asthma is not well controlled. Restart the brown inhaler, two puffs twice a day, and use the blue one when you need it. If you are getting worse, go to A and E.',
  ],
  ['patient', 'Okay, will do.'],
]);

/**
 * A diabetes review: a verdict before the reply's "they" ("not great, they have been running
 * around twelve"), a reply about another symptom than the one asked, a finding after a vital.
 */
export const DIABETES_REVIEW_VISIT = inThreeShapes([
  ['doctor', 'Good afternoon Mr. Patel, how have your sugars been?'],
  ['patient', "Not great, they've been running around twelve in the mornings."],
  ['doctor', 'Are you still taking the metformin?'],
  ['patient', 'I stopped it a month ago because it gave me diarrhoea.'],
  ['doctor', 'Any numbness in your feet?'],
  ['patient', 'A bit of tingling in my right foot, not the left.'],
  [
    'doctor',
    'Your blood pressure is 148 over 90. Your right foot has reduced sensation to the monofilament, the left is normal.',
  ],
  [
    'doctor',
    "Your diabetes is not well controlled. We'll try the slow release metformin, 500 mg once a day with your evening meal. I'd like to see you again in four weeks.",
  ],
  ['patient', 'Okay.'],
]);

/**
 * A child brought by a parent, the temperatures said in words as a recogniser writes them: a
 * reading at home told after "and last night", care for the parent after the diagnosis.
 */
export const CHILD_COUGH_VISIT = inThreeShapes([
  ['doctor', "Hi there, what's brought you and Sam in today?"],
  [
    'patient',
    "He's had a cough for five days and last night his temperature was thirty eight point four.",
  ],
  ['doctor', 'Is he eating and drinking?'],
  ['patient', "He's drinking fine but he's off his food."],
  [
    'doctor',
    'His chest is clear and his throat is a bit red. His temperature today is thirty seven point eight.',
  ],
  [
    'doctor',
    'This looks like a viral infection. Give him paracetamol for the fever and plenty of fluids. If he stops drinking or has trouble breathing, bring him back straight away.',
  ],
  ['patient', 'Okay, thank you.'],
]);

/**
 * The app's own demonstration consultation (the browser tests speak it): the diagnosis said as
 * "it is probably …" and the treatment as a list of instructions, with no cue of either.
 */
export const DEMO_SORE_THROAT_VISIT = inThreeShapes([
  ['doctor', 'Good morning. What brings you in today?'],
  ['patient', 'I have had a sore throat for three days. It hurts when I swallow.'],
  ['doctor', 'Any fever?'],
  ['patient', 'No fever, but I feel tired.'],
  ['doctor', 'Your throat looks red. It is probably a viral infection.'],
  ['doctor', 'Rest, drink plenty of fluids and take paracetamol. Come back if it gets worse.'],
  ['patient', 'Thank you.'],
]);

/**
 * The browser tests' long consultation: the sore throat's diagnosis and treatment, then the
 * history taken up again ("let us go through your medicines", "have you had any chest pain"), an
 * examination, and a plan for the blood pressure.
 */
export const DEMO_LONG_VISIT = inThreeShapes([
  ['doctor', 'Good morning. What brings you in today?'],
  ['patient', 'I have had a sore throat for three days. It hurts when I swallow.'],
  ['doctor', 'Any fever?'],
  ['patient', 'No fever, but I feel tired.'],
  ['patient', 'I need a certificate for work, because I cannot go in this week.'],
  ['doctor', 'Your throat looks red. It is probably a viral infection.'],
  ['doctor', 'Rest, drink plenty of fluids and take paracetamol.'],
  ['doctor', 'I will write you a medical certificate for three days.'],
  [
    'doctor',
    'Let us go through your medicines. You take metformin twice a day and lisinopril in the morning.',
  ],
  ['doctor', 'Have you had any chest pain or shortness of breath?'],
  ['patient', 'No chest pain, but I get short of breath on the stairs.'],
  ['doctor', 'How is your sleep?'],
  ['patient', 'I wake up twice a night to pass water.'],
  [
    'doctor',
    'Your blood pressure today is one hundred and forty over ninety. That is a little high.',
  ],
  [
    'doctor',
    'Your heart sounds are normal and your lungs are clear. There is mild swelling of both ankles.',
  ],
  [
    'doctor',
    'I would like to check your kidney function and your sugar control with a blood test.',
  ],
  ['doctor', 'We will increase the lisinopril and see you again in four weeks.'],
  ['doctor', 'If the swelling gets worse or you feel breathless at rest, please come back sooner.'],
]);
