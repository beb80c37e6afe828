import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import PDFDocument from 'pdfkit';

/**
 * Lays out the HTML of a rendered receipt template as a PDF page with pdfkit. Receipt templates
 * are letters, so a small subset is enough and is all that is drawn: headings (h1–h3),
 * paragraphs and divs, line breaks, bold and italic runs, horizontal rules, lists and simple
 * tables (one row per <tr>, columns of equal width). Other tags keep their text; images and
 * styles are not drawn. Standard PDF fonts: text outside Windows-1252 cannot be shown.
 */
type Run = { text: string; bold: boolean; italic: boolean };
const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'li', 'address', 'section', 'header', 'footer', 'blockquote']);
const SIZES: Record<string, number> = { h1: 18, h2: 15, h3: 13, h4: 12 };
const BODY = 10.5;

const fontOf = (run: { bold: boolean; italic: boolean }) =>
  run.bold ? (run.italic ? 'Helvetica-BoldOblique' : 'Helvetica-Bold') : run.italic ? 'Helvetica-Oblique' : 'Helvetica';

/** The inline runs of a node: text with bold/italic state; <br> becomes a newline. */
function runsOf(nodes: ChildNode[], bold = false, italic = false): Run[] {
  const runs: Run[] = [];
  for (const node of nodes) {
    if (isText(node)) runs.push({ text: node.data.replace(/\s+/g, ' '), bold, italic });
    else if (isTag(node)) {
      if (node.name === 'br') runs.push({ text: '\n', bold, italic });
      else runs.push(...runsOf(node.children, bold || ['b', 'strong', 'th'].includes(node.name), italic || ['i', 'em'].includes(node.name)));
    }
  }
  return runs;
}

/** Writes a block's runs line by line (<br> starts a new line), then leaves `gap` points below it. */
function writeRuns(doc: PDFKit.PDFDocument, runs: Run[], size: number, gap: number, options: PDFKit.Mixins.TextOptions = {}) {
  const lines: Run[][] = [[]];
  for (const run of runs) {
    run.text.split('\n').forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part) lines.at(-1)?.push({ ...run, text: part });
    });
  }
  for (const line of lines) {
    const first = line[0];
    const last = line.at(-1);
    if (first) first.text = first.text.replace(/^\s+/, '');
    if (last) last.text = last.text.replace(/\s+$/, '');
  }
  // Blank lines at the block's edges are markup spacing, not content.
  while (lines.length && lines[0]?.every((r) => !r.text)) lines.shift();
  while (lines.length && lines.at(-1)?.every((r) => !r.text)) lines.pop();
  if (lines.length === 0) return;
  doc.fontSize(size);
  for (const line of lines) {
    const shown = line.filter((r) => r.text);
    if (shown.length === 0) doc.font('Helvetica').text(' ', options);
    shown.forEach((run, i) => doc.font(fontOf(run)).text(run.text, { ...options, continued: i < shown.length - 1 }));
  }
  doc.y += gap;
}

function drawTable(doc: PDFKit.PDFDocument, table: Element) {
  const rows = collect(table, 'tr');
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const columns = Math.max(1, ...rows.map((r) => r.children.filter((c) => isTag(c) && (c.name === 'td' || c.name === 'th')).length));
  // The first column (a description) takes the room the others (dates, amounts) do not need.
  const first = columns === 1 ? width : width * Math.max(0.5, 1 - 0.2 * (columns - 1));
  const rest = columns === 1 ? 0 : (width - first) / (columns - 1);
  const left = (i: number) => doc.page.margins.left + (i === 0 ? 0 : first + (i - 1) * rest);
  const cellsOf = (row: Element) => row.children.filter((c): c is Element => isTag(c) && (c.name === 'td' || c.name === 'th'));
  const textOf = (cell: Element) => runsOf(cell.children).map((r) => r.text).join('').trim();
  // Columns of amounts (every data cell a number) are right-aligned, their heading too.
  const numeric = Array.from({ length: columns }, (_, i) => {
    const cells = rows.map((r) => cellsOf(r)[i]).filter((c): c is Element => c?.name === 'td');
    return i > 0 && cells.length > 0 && cells.every((c) => /^[-$€£(]?[\d.,\s]+[)A-Z\s]*$/.test(textOf(c)));
  });
  doc.moveDown(0.3);
  for (const row of rows) {
    const cells = cellsOf(row);
    const top = doc.y;
    let bottom = top;
    cells.forEach((cell, i) => {
      const text = textOf(cell);
      doc.font(cell.name === 'th' ? 'Helvetica-Bold' : 'Helvetica').fontSize(BODY - 0.5);
      doc.text(text, left(i) + 2, top, { width: (i === 0 ? first : rest) - 4, align: numeric[i] ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = doc.page.margins.left;
    doc.y = bottom + 3;
    doc.moveTo(doc.page.margins.left, doc.y - 1).lineTo(doc.page.margins.left + width, doc.y - 1).lineWidth(0.4).strokeColor('#bbbbbb').stroke();
  }
  doc.strokeColor('black');
  doc.moveDown(0.5);
}

function collect(node: Element, name: string): Element[] {
  const found: Element[] = [];
  for (const child of node.children) {
    if (!isTag(child)) continue;
    if (child.name === name) found.push(child);
    else found.push(...collect(child, name));
  }
  return found;
}

/** Draws block children in order, gathering loose inline content into paragraphs. */
function drawBlocks(doc: PDFKit.PDFDocument, nodes: ChildNode[]) {
  let inline: ChildNode[] = [];
  const flush = () => {
    if (inline.length) writeRuns(doc, runsOf(inline), BODY, 6);
    inline = [];
  };
  for (const node of nodes) {
    if (!isTag(node)) {
      inline.push(node);
      continue;
    }
    if (['html', 'body', 'main', 'article'].includes(node.name)) {
      flush();
      drawBlocks(doc, node.children);
    } else if (['head', 'style', 'script', 'title', 'img'].includes(node.name)) {
      continue;
    } else if (node.name === 'table') {
      flush();
      drawTable(doc, node);
    } else if (node.name === 'hr') {
      flush();
      const y = doc.y + 4;
      doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.6).stroke();
      doc.y = y + 8;
    } else if (node.name === 'ul' || node.name === 'ol') {
      flush();
      collect(node, 'li').forEach((li, i) => writeRuns(doc, [{ text: node.name === 'ol' ? `${i + 1}. ` : '• ', bold: false, italic: false }, ...runsOf(li.children)], BODY, 2, { indent: 10 }));
      doc.moveDown(0.4);
    } else if (BLOCKS.has(node.name)) {
      flush();
      const heading = SIZES[node.name];
      if (heading) writeRuns(doc, runsOf(node.children, true), heading, 8);
      else if (node.children.some((c) => isTag(c) && (BLOCKS.has(c.name) || c.name === 'table'))) drawBlocks(doc, node.children);
      else writeRuns(doc, runsOf(node.children), BODY, 6);
    } else {
      inline.push(node);
    }
  }
  flush();
}

/** The PDF of `html`, US Letter with ¾-inch margins; `title` goes into the document's properties. */
export const htmlToPdf = (html: string, title: string): Promise<Buffer> => htmlPagesToPdf([html], title);

/** One PDF of several documents, each starting on a new page (bulk receipt printing). */
export async function htmlPagesToPdf(pages: string[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: title, Producer: 'Almoner' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  pages.forEach((html, i) => {
    if (i > 0) doc.addPage();
    drawBlocks(doc, parseDocument(html).children);
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
