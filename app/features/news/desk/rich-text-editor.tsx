import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";
import { cx } from "~/components/ui/cx";
import { mediaFileUrl } from "~/features/media/media";
import type { MediaChoice } from "~/features/media/media-picker";
import type { RichTextDoc } from "../rich-text";
import { LibraryPictureDialog } from "./library-picture-dialog";

/**
 * The article body editor (Tiptap), loaded only by the back office's route modules, so none of
 * it reaches a visitor's page. It edits exactly the nodes and marks the server renders
 * (rich-text-html.server.ts): everything else in StarterKit is switched off. The document goes
 * to the server as JSON in the hidden `body` field; the server checks it again and renders it
 * from its allow-list, so the editor is a convenience, not the guard.
 */
export function RichTextEditor({
  initial,
  labelId,
  onChange,
  invalid,
  pictureChoices,
}: {
  initial: RichTextDoc;
  labelId: string;
  onChange: () => void;
  invalid: boolean;
  /** The media library's images, for the Picture button. */
  pictureChoices: MediaChoice[];
}) {
  const [json, setJson] = useState(() => JSON.stringify(initial));
  const [choosingPicture, setChoosingPicture] = useState(false);
  const editor = useEditor({
    // The page is rendered on the server; the editor starts in the browser.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, protocols: [], HTMLAttributes: { rel: "noopener noreferrer", target: null } },
      }),
      Image.configure({ inline: false }),
    ],
    content: initial,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "prose-text min-h-64 px-3 py-3 text-base focus:outline-none",
      },
    },
    onUpdate: ({ editor: current }) => {
      setJson(JSON.stringify(current.getJSON()));
      onChange();
    },
  });

  return (
    <div className={cx("rounded-lg border bg-ink", invalid ? "border-danger" : "border-line")} data-testid="rich-text-editor">
      <input type="hidden" name="body" value={json} />
      {editor ? <Toolbar editor={editor} onPicture={() => setChoosingPicture(true)} /> : null}
      <EditorContent editor={editor} />
      {editor && choosingPicture && (
        <LibraryPictureDialog
          choices={pictureChoices}
          onChoose={(choice) =>
            editor
              .chain()
              .focus()
              .setImage({ src: mediaFileUrl(choice.inline!), alt: choice.label })
              .run()
          }
          onClose={() => setChoosingPicture(false)}
        />
      )}
    </div>
  );
}

function Toolbar({ editor, onPicture }: { editor: Editor; onPicture: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      h4: current.isActive("heading", { level: 4 }),
      bullet: current.isActive("bulletList"),
      ordered: current.isActive("orderedList"),
      quote: current.isActive("blockquote"),
      link: current.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();

  function editLink() {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const href = window.prompt("Link address (https://… or a path on this site such as /news)", previous);
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else if (/^(https?:\/\/|\/(?!\/)|#)/i.test(href.trim())) chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
    else window.alert("Links must start with https://, http:// or / (a page on this site).");
  }

  const buttons: Array<{ label: string; text: string; active?: boolean; run: () => void }> = [
    { label: "Bold", text: "B", active: state.bold, run: () => chain().toggleBold().run() },
    { label: "Italic", text: "I", active: state.italic, run: () => chain().toggleItalic().run() },
    { label: "Heading 2", text: "H2", active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: "Heading 3", text: "H3", active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: "Heading 4", text: "H4", active: state.h4, run: () => chain().toggleHeading({ level: 4 }).run() },
    { label: "Bulleted list", text: "• List", active: state.bullet, run: () => chain().toggleBulletList().run() },
    { label: "Numbered list", text: "1. List", active: state.ordered, run: () => chain().toggleOrderedList().run() },
    { label: "Quote", text: "❝", active: state.quote, run: () => chain().toggleBlockquote().run() },
    { label: "Link", text: "Link", active: state.link, run: editLink },
    { label: "Picture", text: "Picture", run: onPicture },
    { label: "Divider", text: "―", run: () => chain().setHorizontalRule().run() },
  ];

  return (
    <div role="toolbar" aria-label="Text formatting" className="flex flex-wrap gap-1 border-b border-line p-1.5">
      {buttons.map((button) => (
        <button
          key={button.label}
          type="button"
          aria-label={button.label}
          title={button.label}
          aria-pressed={button.active === undefined ? undefined : button.active}
          onClick={button.run}
          className={cx(
            "min-h-11 min-w-11 rounded-md px-2.5 text-sm font-semibold text-text hover:bg-surface-raised",
            button.active && "bg-surface-raised text-accent-text",
          )}
        >
          {button.text}
        </button>
      ))}
    </div>
  );
}
