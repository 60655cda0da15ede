import '@mantine/tiptap/styles.css';

import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState } from 'react';
import { noteToSafeHtml } from '../../../lib/note-html';

type TextStyle = 'normal' | 'h1' | 'h2' | 'code';

/**
 * Made once: `useEditor` compares its options with the editor's on every render and calls
 * `setOptions` (a view update) whenever they differ, which a new extension object always does.
 */
const EXTENSIONS = [StarterKit.configure({ link: false }), Link];

/**
 * Issue 9 point 8: a caret moved by the browser itself (Ctrl+End, End, arrows, a click) reaches
 * ProseMirror only with the next `selectionchange` event, which Chrome sends a little later; a
 * busy page (a note still typing itself out, a re-render) delays it further. A key pressed in
 * between (Enter) was handled at the old caret: after Ctrl+Home then Ctrl+End and Enter, the
 * new line and the text typed next landed before the note's first heading. So before a key is
 * handled, the editor takes the caret from the page when the two disagree.
 */
function takeCaretFromPage(view: EditorView, event: KeyboardEvent): boolean {
  if (event.isComposing || !view.hasFocus()) return false;
  const selection = view.dom.ownerDocument.getSelection();
  const { anchorNode, focusNode } = selection ?? {};
  if (!selection || !anchorNode || !focusNode) return false;
  if (!view.dom.contains(anchorNode) || !view.dom.contains(focusNode)) return false;
  const current = view.state.selection;
  if (!(current instanceof TextSelection)) return false;
  let anchor: number;
  let head: number;
  try {
    anchor = view.posAtDOM(anchorNode, selection.anchorOffset);
    head = view.posAtDOM(focusNode, selection.focusOffset);
  } catch {
    return false;
  }
  if (current.anchor === anchor && current.head === head) return false;
  const { doc } = view.state;
  view.dispatch(
    view.state.tr.setSelection(TextSelection.between(doc.resolve(anchor), doc.resolve(head))),
  );
  // Not handled: the editor's own key bindings run next, at the caret the user sees.
  return false;
}

const TEXT_STYLES: { value: TextStyle; label: string }[] = [
  { value: 'normal', label: 'Normal' },
  { value: 'h1', label: 'Header 1' },
  { value: 'h2', label: 'Header 2' },
  { value: 'code', label: 'Code block' },
];

function currentStyle(editor: Editor): TextStyle {
  if (editor.isActive('heading', { level: 1 })) return 'h1';
  if (editor.isActive('heading', { level: 2 })) return 'h2';
  if (editor.isActive('codeBlock')) return 'code';
  return 'normal';
}

/** The style dropdown of spec point 2: Normal, Header 1, Header 2, code block. */
function TextStyleSelect({ editor, disabled }: { editor: Editor | null; disabled: boolean }) {
  const style = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current && !current.isDestroyed ? currentStyle(current) : 'normal',
  });

  const apply = (value: TextStyle) => {
    const chain = editor?.chain().focus();
    if (!chain) return;
    switch (value) {
      case 'normal':
        chain.setParagraph().run();
        return;
      case 'h1':
        chain.setHeading({ level: 1 }).run();
        return;
      case 'h2':
        chain.setHeading({ level: 2 }).run();
        return;
      case 'code':
        chain.setCodeBlock().run();
        return;
    }
  };

  return (
    <NativeSelect
      aria-label="Text style"
      size="xs"
      data={TEXT_STYLES}
      value={style ?? 'normal'}
      disabled={disabled}
      onChange={(event) => apply(event.currentTarget.value as TextStyle)}
    />
  );
}

type NoteEditorProps = {
  templateName: string;
  /** The note as it stands (HTML or plain text). */
  content: string;
  onCancel: () => void;
  /** The edited HTML; the owner closes the editor once the note is replaced (spec point 4). */
  onUpdate: (html: string) => void;
};

/**
 * The notes editor panel of spec point 2: a rich-text box with exactly the spec's toolbar (undo,
 * redo, bold, italic, underline, strike through, numbered list, bullet list, link, clear
 * formatting, HTML source, style dropdown) and Cancel / Update.
 */
export function NoteEditor({ templateName, content, onCancel, onUpdate }: NoteEditorProps) {
  const [initialContent] = useState(() => noteToSafeHtml(content));
  const [sourceMode, setSourceMode] = useState(false);
  const sourceModeRef = useRef(false);
  const editorProps = useMemo(
    () => ({
      handleKeyDown: takeCaretFromPage,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': `${templateName} note text`,
      },
    }),
    [templateName],
  );
  const editor = useEditor({ extensions: EXTENSIONS, content: initialContent, editorProps });
  // Issue 26: the editor takes focus when it opens (the Edit button that opened it is disabled
  // meanwhile, so focus would otherwise fall to the page), with the caret at the end of the note,
  // where an addition usually goes. Not Tiptap's `autofocus`: it fires on a timer from the
  // editor's creation, and when React commits the lazily loaded editor later than that (a busy
  // machine), it focused a view not yet in the page and focus stayed on the page body. An effect
  // runs after the commit, when the editor's view is in the page.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.focus('end');
  }, [editor]);

  const switchSource = (active: boolean) => {
    sourceModeRef.current = active;
    setSourceMode(active);
  };

  const update = () => {
    if (!editor) return;
    // In HTML-source mode the editor holds the markup as text.
    const html = sourceModeRef.current ? editor.getText() : editor.getHTML();
    onUpdate(html);
  };

  return (
    <Stack gap="sm">
      <RichTextEditor
        editor={editor}
        onSourceCodeTextSwitch={switchSource}
        labels={{
          orderedListControlLabel: 'Numbered list',
          strikeControlLabel: 'Strike through',
          sourceCodeControlLabel: 'HTML source',
          linkEditorInputLabel: 'Link URL',
        }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo disabled={sourceMode} />
            <RichTextEditor.Redo disabled={sourceMode} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold disabled={sourceMode} />
            <RichTextEditor.Italic disabled={sourceMode} />
            <RichTextEditor.Underline disabled={sourceMode} />
            <RichTextEditor.Strikethrough disabled={sourceMode} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.OrderedList disabled={sourceMode} />
            <RichTextEditor.BulletList disabled={sourceMode} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link disabled={sourceMode} />
            <RichTextEditor.ClearFormatting disabled={sourceMode} />
            <RichTextEditor.SourceCode />
          </RichTextEditor.ControlsGroup>
          <TextStyleSelect editor={editor} disabled={sourceMode} />
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} />
      </RichTextEditor>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={update} disabled={!editor}>
          Update
        </Button>
      </Group>
    </Stack>
  );
}
