/**
 * A note's body is HTML (paragraphs and line breaks). It is shown and edited as plain text: the
 * markup is read by the browser's parser, never inserted into the page, so a note can hold no
 * script whatever reached the database.
 */
export function noteText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*/gi, '\n\n');
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** Notes in order, grouped under their month ('MMMM YYYY'). */
export function byMonth<T extends { created_at: string }>(notes: T[]): { month: string; notes: T[] }[] {
  const groups: { month: string; notes: T[] }[] = [];
  for (const note of notes) {
    const month = monthFormat.format(new Date(note.created_at));
    const last = groups.at(-1);
    if (last?.month === month) last.notes.push(note);
    else groups.push({ month, notes: [note] });
  }
  return groups;
}
