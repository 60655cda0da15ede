import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NoteEditor } from './note-editor';

describe('NoteEditor', () => {
  // Issue 9 point 8: the browser moved the caret (Ctrl+End) and a key came before the editor
  // heard of the move; the key must act where the caret is, not where it was.
  it('handles a key at the caret the page shows, even before the editor heard of the move', async () => {
    const onUpdate = vi.fn();
    render(
      <MantineProvider env="test">
        <NoteEditor
          templateName="SOAP Note"
          content="<h2>Subjective</h2><p>Sore throat for three days.</p>"
          onCancel={() => {}}
          onUpdate={onUpdate}
        />
      </MantineProvider>,
    );
    const editor = screen.getByRole('textbox', { name: 'SOAP Note note text' });
    editor.focus();
    // The caret at the very end, as Ctrl+End leaves it; no selectionchange has run yet.
    const lastText = editor.querySelector('p')?.firstChild;
    expect(lastText?.textContent).toBe('Sore throat for three days.');
    document.getSelection()?.collapse(lastText!, lastText!.textContent!.length);
    fireEvent.keyDown(editor, { key: 'Enter', code: 'Enter', keyCode: 13 });

    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(onUpdate).toHaveBeenCalledWith(
      '<h2>Subjective</h2><p>Sore throat for three days.</p><p></p>',
    );
  });
});
