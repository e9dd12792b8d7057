import { useEffect, useRef, useState } from 'react';
import { BoldOutlined, CodeOutlined, FileImageOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Tooltip } from 'antd';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATE_TYPES, TEMPLATE_IMAGE_TYPES, type EmailTemplateType, EMAIL_TEMPLATE_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import type { CustomInputProps } from '../../shared/resource/types.ts';
import './rich-text.css';

/**
 * The template content editor (TipTap): formatting, links, images and the variables of the
 * template's type, plus the HTML source for what the toolbar cannot do. The editor's schema
 * keeps only what it knows (no script, no event handler); the server sanitises again on save.
 */
export function RichTextEditor({ value, onChange, disabled, label }: CustomInputProps) {
  // The form hands a custom input its value untyped; this field holds HTML text or nothing.
  const html = typeof value === 'string' ? value : '';
  const { t } = useTranslation('settings');
  const [source, setSource] = useState(false);
  const systemType = Form.useWatch<EmailTemplateType | null | undefined>('systemType');
  const variables: readonly string[] = systemType ? EMAIL_TEMPLATE_TYPES[systemType].variables : [];
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }), Image],
    content: html,
    editable: !disabled,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'rich-text-content' } },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });
  // Back from the HTML source, the editor takes what was typed there.
  useEffect(() => {
    if (editor && !source && typeof value === 'string' && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, source, value]);

  const imageInput = useRef<HTMLInputElement>(null);
  // The image is kept by the server (which checks its content and size) and placed by its address.
  const addImage = async (file: File) => {
    const data = btoa(Array.from(new Uint8Array(await file.arrayBuffer()), (byte) => String.fromCharCode(byte)).join(''));
    const image = await callApi(EMAIL_TEMPLATE_CALLS.uploadImage, { name: file.name, data });
    editor?.chain().focus().setImage({ src: image.url, alt: file.name }).run();
  };
  const run = (action: () => void) => () => {
    action();
    editor?.commands.focus();
  };
  const addLink = () => {
    const href = window.prompt(t('template.linkPrompt'));
    if (href) editor?.chain().focus().setLink({ href }).run();
  };
  const tools = editor && [
    { key: 'bold', icon: <BoldOutlined />, active: editor.isActive('bold'), onClick: run(() => editor.chain().toggleBold().run()) },
    { key: 'italic', icon: <ItalicOutlined />, active: editor.isActive('italic'), onClick: run(() => editor.chain().toggleItalic().run()) },
    { key: 'underline', icon: <UnderlineOutlined />, active: editor.isActive('underline'), onClick: run(() => editor.chain().toggleUnderline().run()) },
    { key: 'bulletList', icon: <UnorderedListOutlined />, active: editor.isActive('bulletList'), onClick: run(() => editor.chain().toggleBulletList().run()) },
    { key: 'orderedList', icon: <OrderedListOutlined />, active: editor.isActive('orderedList'), onClick: run(() => editor.chain().toggleOrderedList().run()) },
    { key: 'link', icon: <LinkOutlined />, active: editor.isActive('link'), onClick: addLink },
    { key: 'undo', icon: <UndoOutlined />, active: false, onClick: run(() => editor.chain().undo().run()) },
    { key: 'redo', icon: <RedoOutlined />, active: false, onClick: run(() => editor.chain().redo().run()) },
  ];

  return (
    <div className="rich-text">
      <Space wrap size={4} className="rich-text-toolbar">
        {!source &&
          tools?.map((tool) => (
            <Tooltip key={tool.key} title={t(/* each tool's key has a phrase; typed keys cannot follow a template */ `template.tools.${tool.key as 'bold'}`)}>
              <Button size="small" type={tool.active ? 'primary' : 'text'} icon={tool.icon} aria-label={t(/* as the title above */ `template.tools.${tool.key as 'bold'}`)} onClick={tool.onClick} disabled={disabled} />
            </Tooltip>
          ))}
        {!source && (
          // A labelled button opens the file chooser: the browser's own file input (its
          // "Choose File / No file chosen" in the browser's language) is never shown.
          <Button size="small" type="text" icon={<FileImageOutlined />} onClick={() => imageInput.current?.click()} disabled={disabled}>
            {t('template.tools.image')}
          </Button>
        )}
        <Button size="small" type={source ? 'primary' : 'text'} icon={<CodeOutlined />} aria-pressed={source} onClick={() => setSource(!source)} disabled={disabled}>
          {t('template.source')}
        </Button>
      </Space>
      <input
        ref={imageInput}
        type="file"
        hidden
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden
        accept={TEMPLATE_IMAGE_TYPES.join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void addImage(file).catch(() => undefined);
        }}
      />
      {variables.length > 0 && (
        <div className="rich-text-variables">
          {t('template.variables')}:{' '}
          {variables.map((name) => (
            <Button
              key={name}
              size="small"
              type="dashed"
              disabled={disabled}
              onClick={() => (source ? onChange?.(`${html}{{${name}}}`) : editor?.chain().focus().insertContent(`{{${name}}}`).run())}
            >{`{{${name}}}`}</Button>
          ))}
        </div>
      )}
      {source ? (
        <Input.TextArea aria-label={`${label} (HTML)`} value={html} onChange={(event) => onChange?.(event.target.value)} rows={10} disabled={disabled} />
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}
