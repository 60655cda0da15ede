/** Spec point 3 "Tutorial section": sectionTitle and tutorials (title, description, videoUrl). */
export type Tutorial = {
  title: string;
  description: string;
  videoUrl: string;
  /** WebVTT captions of the video. */
  captionsUrl: string;
  /** A frame shown before the video plays. */
  posterUrl: string;
};

export type TutorialSection = { sectionTitle: string; tutorials: Tutorial[] };

/**
 * Spec point 2 "Tutorial" (2 videos, spec point 9). The videos are screen recordings of this app
 * made by `scripts/record-tutorials.mjs`, which writes them to `apps/web/public/tutorials/`.
 */
export const TUTORIAL_SECTIONS: TutorialSection[] = [
  {
    sectionTitle: 'How to create patient notes?',
    tutorials: [
      {
        title: "'Create Notes' tab",
        description:
          'Sign in and open Create Notes to start a patient session: enter the patient name, ' +
          "choose the appointment type and record the patient's consent, record the " +
          'consultation, pick your templates and generate the notes.',
        videoUrl: '/tutorials/create-notes.mp4',
        captionsUrl: '/tutorials/create-notes.vtt',
        posterUrl: '/tutorials/create-notes.jpg',
      },
    ],
  },
  {
    sectionTitle: 'Setting up your Audio',
    tutorials: [
      {
        title: "'Audio Check' tab",
        description:
          'Set up your audio before your patient sessions: choose your speaker and microphone, ' +
          'check that the microphone shows Connected, and run the Mic Test to see it hear you.',
        videoUrl: '/tutorials/audio-check.mp4',
        captionsUrl: '/tutorials/audio-check.vtt',
        posterUrl: '/tutorials/audio-check.jpg',
      },
    ],
  },
];
