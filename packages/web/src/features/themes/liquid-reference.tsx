import { Code, Modal, Table, Text } from '@mantine/core';

/** The variables theme templates can use (shown for text/x-liquid files). */
const VARIABLES: [string, string][] = [
  ['site.name', "The organisation's name"],
  ['page.title / page.body', 'The page being shown'],
  ['product.name / product.description', 'The product on a product template'],
  ['category.products', 'The products of a category page'],
  ['menu.links', 'Links of the main menu (title, url)'],
  ['account.first_name', 'The signed-in supporter'],
  ['content_for_layout', 'The template rendered inside a layout'],
  ['"file.css" | asset_url', "The address of one of the theme's assets"],
  ['{% include "snippet" %}', 'Renders a file of snippets/'],
];

export function LiquidReference({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Template variables" size="lg">
      <Text size="sm" mb="sm">Liquid templates can print these with {'{{ … }}'}.</Text>
      <Table>
        <Table.Tbody>
          {VARIABLES.map(([name, what]) => (
            <Table.Tr key={name}>
              <Table.Td><Code>{name}</Code></Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
