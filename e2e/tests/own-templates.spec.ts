import {
  button,
  expectNoteWithText,
  generateNotes,
  openSession,
  record,
} from '../support/create-notes';
import { expect, test } from '../support/fixtures';
import { launchOptionsWithMicrophone, throatConsultationWav } from '../support/speech';

// Issue 27 "Done when": a template built from a pasted example note, reviewed and saved, gives
// a recorded consultation's note exactly the example's sections, in its order and format.
test.use({
  launchOptions: launchOptionsWithMicrophone(throatConsultationWav()),
});

const EXAMPLE_NOTE = `Patient: Harriet Quill   DOB: 02/05/1971

PRESENTING COMPLAINT:
Sore throat for 3 days.

HISTORY
Mrs Quill is a 53-year-old teacher seen on 12 March 2025. Painful swallowing, no fever.

ASSESSMENT
- Viral pharyngitis

PLAN
- Rest and fluids
- Paracetamol as needed
- Certificate for 3 days
`;
const SECTIONS = [
  ['PRESENTING COMPLAINT', 'prose'],
  ['HISTORY', 'prose'],
  ['ASSESSMENT', 'bullets'],
  ['PLAN', 'bullets'],
] as const;
const NAME = 'My throat clinic note';

test('a template from a pasted example note writes a note in its sections, order and format', async ({
  page,
  login,
}) => {
  test.setTimeout(240_000);
  await login();
  await page.goto('/templates');

  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByRole('menuitem', { name: 'From an example note' }).click();
  await page.getByRole('textbox', { name: 'Your example note' }).fill(EXAMPLE_NOTE);
  await button(page, 'Find sections').click();

  // Review: the sections in order with their formats, the patient's identifiers gone.
  const editor = page.getByRole('dialog', { name: 'Review the template from your note' });
  await expect(editor).toBeVisible();
  const titles = editor.getByRole('textbox', { name: 'Title' });
  await expect(titles).toHaveCount(SECTIONS.length);
  for (const [index, [title, format]] of SECTIONS.entries()) {
    await expect(titles.nth(index)).toHaveValue(title);
    const fieldset = editor.getByRole('group', { name: `Section ${index + 1}: ${title}` });
    await expect(
      fieldset.getByRole('radio', { name: format === 'bullets' ? 'Bullet points' : 'Prose' }),
    ).toBeChecked();
  }
  const examples = editor.getByRole('textbox', { name: 'Style example' });
  await expect(examples.nth(1)).toHaveValue(
    /Mrs \[name\] is a 53-year-old teacher seen on \[date\]/,
  );
  for (const value of await examples.evaluateAll((boxes) =>
    boxes.map((box) => (box as HTMLTextAreaElement).value),
  )) {
    expect(value).not.toMatch(/Quill|Harriet|1971|12 March 2025/);
  }
  await editor.getByRole('textbox', { name: 'Template name' }).fill(NAME);
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(editor).toBeHidden();

  const mine = page.getByRole('region', { name: 'My Templates' });
  await expect(mine.getByRole('article', { name: NAME })).toBeVisible();

  // Record a consultation with it.
  await openSession(page, 'Ann Lee');
  await record(page, 26);
  await expect(page.getByText('Recording ready.')).toBeVisible();
  await generateNotes(page, NAME);
  const note = await expectNoteWithText(page, NAME);

  await expect(note.getByRole('heading', { level: 2 })).toHaveText(SECTIONS.map(([t]) => t));
  // Each section in its format: a prose section has no list; a bullet section is a list (or
  // says it was not discussed).
  const shapes = await note.evaluate((article) => {
    const out: { title: string; lists: number; paragraphs: string[] }[] = [];
    for (const heading of Array.from(article.querySelectorAll('h2'))) {
      const shape = { title: heading.textContent ?? '', lists: 0, paragraphs: [] as string[] };
      for (let next = heading.nextElementSibling; next && next.tagName !== 'H2';) {
        if (next.tagName === 'UL') shape.lists += next.querySelectorAll('li').length;
        if (next.tagName === 'P') shape.paragraphs.push((next.textContent ?? '').trim());
        next = next.nextElementSibling;
      }
      out.push(shape);
    }
    return out;
  });
  for (const [index, [title, format]] of SECTIONS.entries()) {
    const shape = shapes[index]!;
    expect(shape.title).toBe(title);
    if (format === 'prose') {
      expect(shape.lists, title).toBe(0);
    } else if (shape.lists === 0) {
      expect(shape.paragraphs, title).toEqual(['Not discussed.']);
    } else {
      expect(shape.paragraphs, title).toEqual([]);
    }
  }
  // What the recogniser heard fills at least one bullet section, as a list.
  expect(shapes.filter((_, i) => SECTIONS[i]![1] === 'bullets').some((s) => s.lists > 0)).toBe(
    true,
  );
  // A prose section the recogniser heard is written as paragraphs of words. Which prose section
  // that is varies: the synthetic voice is poorly recognised, how the browser cuts the recording
  // changes what is heard, and a sentence resting on misheard words is left out (issue 24). One
  // run heard only "they ?might have had a sore throat ?for three days ?it ?that …" before the
  // diagnosis, and the history was rightly "Not discussed.".
  for (const [index, [title, format]] of SECTIONS.entries()) {
    const paragraphs = shapes[index]!.paragraphs;
    if (format !== 'prose' || paragraphs.join(' ') === 'Not discussed.') continue;
    for (const paragraph of paragraphs) expect(paragraph, title).toMatch(/\p{L}{3,}/u);
  }
});

test.describe('My Templates with the keyboard and on a phone', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`from scratch, reordered with the keyboard, copied and deleted at ${viewport.width}×${viewport.height}`, async ({
      page,
      login,
    }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await login();
      await page.goto('/templates');
      const shot = async (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`) });

      // The New template menu, opened and chosen with the keyboard.
      await page.getByRole('button', { name: 'New template' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'From scratch' })).toBeVisible();
      await shot('new-template-menu');
      await page.getByRole('menuitem', { name: 'From scratch' }).focus();
      await page.keyboard.press('Enter');
      const editor = page.getByRole('dialog', { name: 'New template' });
      await expect(editor).toBeVisible();

      await editor.getByRole('textbox', { name: 'Template name' }).fill('Quick review');
      await editor.getByRole('textbox', { name: 'Title' }).first().fill('Hx');
      await editor.getByRole('button', { name: 'Add section' }).press('Enter');
      await editor.getByRole('textbox', { name: 'Title' }).nth(1).fill('A/P');
      await editor
        .getByRole('group', { name: 'Section 2: A/P' })
        .getByText('Bullet points')
        .click();
      await editor
        .getByRole('textbox', { name: 'Verbatim text (optional)' })
        .nth(1)
        .fill('Seen by Dr Example');

      // Reorder without dragging: "Move A/P up" with Enter; focus stays on the moved section.
      const moveUp = editor.getByRole('button', { name: 'Move A/P up' });
      await moveUp.focus();
      await page.keyboard.press('Enter');
      await expect(editor.getByRole('textbox', { name: 'Title' }).first()).toHaveValue('A/P');
      await expect(editor.getByRole('button', { name: 'Move A/P down' })).toBeFocused();
      await shot('template-editor');
      await editor.getByRole('button', { name: 'Save template' }).press('Enter');
      await expect(editor).toBeHidden();

      const mine = page.getByRole('region', { name: 'My Templates' });
      const card = mine.getByRole('article', { name: 'Quick review' });
      await expect(card).toBeVisible();
      await shot('my-templates');

      // Edit shows the saved order and format.
      await card.getByRole('button', { name: 'Edit Quick review' }).press('Enter');
      const edit = page.getByRole('dialog', { name: 'Edit Quick review' });
      await expect(edit.getByRole('textbox', { name: 'Title' }).first()).toHaveValue('A/P');
      await expect(
        edit
          .getByRole('group', { name: 'Section 1: A/P' })
          .getByRole('radio', { name: 'Bullet points' }),
      ).toBeChecked();
      await page.keyboard.press('Escape');
      await expect(edit).toBeHidden();

      // Copy a catalogue template and save the copy.
      await page
        .getByRole('region', { name: 'Recommended Templates' })
        .getByRole('button', { name: 'Copy SOAP Note' })
        .click();
      const copy = page.getByRole('dialog', { name: 'Copy of SOAP Note' });
      await expect(copy.getByRole('textbox', { name: 'Title' })).toHaveCount(4);
      await copy.getByRole('button', { name: 'Save template' }).click();
      await expect(copy).toBeHidden();
      await expect(mine.getByRole('article', { name: 'My SOAP Note' })).toBeVisible();

      // Delete one: it leaves the list.
      await card.getByRole('button', { name: 'Delete Quick review' }).click();
      await page
        .getByRole('dialog', { name: 'Delete template' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(mine.getByRole('article', { name: 'Quick review' })).toBeHidden();
      await expect(mine.getByRole('article', { name: 'My SOAP Note' })).toBeVisible();
    });
  }
});
