import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import { mockApiAs } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

async function renderTutorial() {
  mockApiAs(createUser());
  const app = renderApp('/tutorial');
  await screen.findByRole('heading', { name: 'Tutorial', level: 1 });
  return app;
}

describe('Tutorial', () => {
  it('shows both tutorial sections expanded, each with a captioned mp4 video', async () => {
    await renderTutorial();

    const sections = [
      {
        section: 'How to create patient notes?',
        title: "'Create Notes' tab",
        file: 'create-notes',
      },
      { section: 'Setting up your Audio', title: "'Audio Check' tab", file: 'audio-check' },
    ];
    for (const { section, title, file } of sections) {
      expect(screen.getByRole('button', { name: section })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      const tutorial = screen.getByRole('article', { name: title });
      expect(tutorial).toBeVisible();
      const video = tutorial.querySelector('video');
      expect(video).toHaveAttribute('controls');
      expect(video?.querySelector('source')).toHaveAttribute('src', `/tutorials/${file}.mp4`);
      expect(video?.querySelector('source')).toHaveAttribute('type', 'video/mp4');
      expect(video?.querySelector('track')).toHaveAttribute('src', `/tutorials/${file}.vtt`);
      expect(video?.querySelector('track')).toHaveAttribute('kind', 'captions');
    }
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('collapses and expands a section', async () => {
    const { user } = await renderTutorial();
    const control = screen.getByRole('button', { name: 'Setting up your Audio' });

    await user.click(control);
    expect(control).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('article', { name: "'Audio Check' tab" })).toBeNull();
    // The other section stays open: sections are independent.
    expect(screen.getByRole('button', { name: 'How to create patient notes?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(control);
    expect(control).toHaveAttribute('aria-expanded', 'true');
    // jsdom never ends Mantine's expand transition, so the browser tests check the panel itself.
  });
});
