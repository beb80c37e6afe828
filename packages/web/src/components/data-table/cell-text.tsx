import { Text } from '@mantine/core';

/**
 * Text in a table cell that may be long (a name, an e-mail, a city, a description): it wraps,
 * breaking even an unbroken address, for at most two lines; the rest is cut off with an
 * ellipsis and the whole shows as the cell's tooltip. So no value pushes the table wider than
 * the screen, and none is lost.
 */
export function CellText({ text, fw, c }: { text: string; fw?: number; c?: string }) {
  return (
    <Text size="sm" lineClamp={2} title={text} fw={fw} c={c} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
