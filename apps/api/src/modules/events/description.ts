import { DESCRIPTION_ALLOWED_ATTRIBUTES, DESCRIPTION_ALLOWED_TAGS, DESCRIPTION_EXCERPT_LENGTH } from '@evreg/contracts';
import sanitizeHtml from 'sanitize-html';

const LINK_TARGETS = ['_self', '_parent', '_top'];

const DESCRIPTION_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_ALLOWED_TAGS],
  // The attributes only mean something on a link.
  allowedAttributes: { a: [...DESCRIPTION_ALLOWED_ATTRIBUTES] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: secureLink },
};

/** A link keeps a target only if it is a real one; a page opened in a new tab gets no handle on the booking page. */
function secureLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { target, rel, ...rest } = attribs;
  if (target === '_blank') return { tagName, attribs: { ...rest, target, rel: 'noopener noreferrer' } };
  return {
    tagName,
    attribs: { ...rest, ...(LINK_TARGETS.includes(target) && { target }), ...(rel !== undefined && { rel }) },
  };
}

/** An event description reduced to the spec's allow-list (section 2): anything else is dropped (script and
 * style with their content, other tags keeping their text), as are event handlers and non-http(s)/mailto links. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_POLICY).trim();
}

/** The description as plain text (block ends and line breaks become spaces). */
export function descriptionText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h[1-6])\s*>|<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeEscapes(text).replace(/\s+/g, ' ').trim();
}

/** `showExcerpt=true`: about DESCRIPTION_EXCERPT_LENGTH characters of plain text, cut at a word, in one <p>. */
export function descriptionExcerpt(html: string): string {
  const text = descriptionText(html);
  if (text.length <= DESCRIPTION_EXCERPT_LENGTH) return `<p>${escapeText(text)}</p>`;
  const cut = text.slice(0, DESCRIPTION_EXCERPT_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const head = (
    lastSpace > DESCRIPTION_EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut.slice(0, DESCRIPTION_EXCERPT_LENGTH)
  ).trimEnd();
  return `<p>${escapeText(head)}…</p>`;
}

/** sanitize-html writes text with &, <, > and " escaped (entities of the input are decoded on parsing). */
function decodeEscapes(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot);/g,
    (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? '',
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
