import type { Template, TemplateTopic } from '@clerkly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data-generators';
import { errorResponse, jsonResponse, mockApiAs, type ApiHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const TEMPLATES: Template[] = [
  {
    id: 1,
    name: 'SOAP Note',
    description: 'The classic four-part note.',
    medicalProfession: 'General medicine',
    recommend: 1,
  },
  {
    id: 9,
    name: 'Discharge Summary',
    description: 'Hospital discharge.',
    medicalProfession: 'General medicine',
    recommend: 0,
  },
  {
    id: 22,
    name: 'Psychiatric Assessment',
    description: 'A full psychiatric history.',
    medicalProfession: 'Psychiatrist',
    recommend: 1,
  },
  {
    id: 38,
    name: 'Cardiology Consultation',
    description: 'Heart things.',
    medicalProfession: 'Cardiologist',
    recommend: 1,
  },
];

const TOPICS: TemplateTopic[] = [
  {
    id: 2,
    templateId: 1,
    name: 'Objective',
    topicName: 'Objective',
    position: 2,
    guidance: 'Exam.',
  },
  {
    id: 1,
    templateId: 1,
    name: 'Subjective',
    topicName: 'Subjective',
    position: 1,
    guidance: 'History.',
  },
];

async function renderTemplates(templatesHandler: ApiHandler = () => jsonResponse(TEMPLATES)) {
  const api = mockApiAs(createUser({ profession: 'Psychiatrist' }), {
    'GET /api/templates/user/user-1': templatesHandler,
    'GET /api/topics/templateId/1': () => jsonResponse(TOPICS),
    // Issue 27: the preview shows what was learned from this clinician's edits.
    'GET /api/templates/1/style': () =>
      jsonResponse({
        templateId: 1,
        notesLearned: 3,
        preferences: ['bullet points in Plan'],
        updatedAt: '2026-11-26T10:00:00.000Z',
      }),
  });
  const app = renderApp('/templates');
  await screen.findByRole('heading', { name: 'Templates' });
  return { ...app, ...api };
}

const cardNames = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

describe('Templates', () => {
  it("shows recommended templates for the user's profession and the others", async () => {
    await renderTemplates();

    expect(await screen.findByRole('heading', { name: 'Recommended Templates' })).toBeVisible();
    expect(cardNames('Recommended Templates')).toEqual(['SOAP Note', 'Psychiatric Assessment']);
    expect(cardNames('Other Templates')).toEqual(['Discharge Summary', 'Cardiology Consultation']);
    expect(screen.getByText('For Psychiatrist and general medicine.')).toBeVisible();
  });

  it('shows "Loading templates..." while loading', async () => {
    await renderTemplates(() => new Promise<Response>(() => {}));

    expect(screen.getByText('Loading templates...')).toBeVisible();
  });

  it('searches the catalogue and says when nothing matches', async () => {
    const { user } = await renderTemplates();
    const search = await screen.findByRole('searchbox', { name: 'Search templates' });

    await user.type(search, 'cardio');
    expect(screen.queryByRole('region', { name: 'Recommended Templates' })).toBeNull();
    expect(cardNames('Other Templates')).toEqual(['Cardiology Consultation']);

    await user.type(search, 'zzz');
    expect(screen.getByText('No templates found')).toBeVisible();
  });

  it("previews a template's topics in order", async () => {
    const { user } = await renderTemplates();
    const card = await screen.findByRole('article', { name: 'SOAP Note' });

    await user.click(within(card).getByRole('button', { name: 'Preview' }));

    const dialog = await screen.findByRole('dialog', { name: 'SOAP Note' });
    const topics = await within(dialog).findByRole('list', { name: 'Topics' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SubjectiveHistory.', 'ObjectiveExam.']);
    expect(
      await within(dialog).findByText(
        'Your style for this template: bullet points in Plan — learned from 3 notes',
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers to retry when the templates cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { user } = await renderTemplates(() =>
      fail ? errorResponse(403, 'FORBIDDEN', 'No') : jsonResponse(TEMPLATES),
    );

    expect(await screen.findByText('Error loading templates')).toBeVisible();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry Loading Templates' }));

    expect(await screen.findByRole('heading', { name: 'Recommended Templates' })).toBeVisible();
  });
});
