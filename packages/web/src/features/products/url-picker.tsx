import { isExternalUrl, pickerMessages, SITE_URL_MAX, type SiteUrlType } from '@almoner/contracts';
import { Autocomplete, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useSiteUrls } from './api.ts';

const GROUPS: Record<SiteUrlType, string> = {
  page: 'Pages',
  product: 'Products',
  category: 'Categories',
  post: 'Posts',
};

type Props = {
  label: string;
  description?: string;
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
};

/**
 * The site URL picker (spec part 2 §7, §8): type a page of this site or a web address, or pick
 * one of the site's pages, products, categories and posts. A full web address shows the notice
 * 'This URL is an external link.'. Failed loads leave the list empty (part 3 "Pickers").
 */
export function UrlPicker({ label, description, value, onChange, error }: Props) {
  const [focused, setFocused] = useState(false);
  const [query] = useDebouncedValue(
    value.startsWith('/') || isExternalUrl(value) ? '' : value,
    250,
  );
  const urls = useSiteUrls(query, focused);
  const names = new Map((urls.data ?? []).map((u) => [u.url, u.name]));
  const external = value.trim() !== '' && isExternalUrl(value);
  // A full web address needs no suggestions from the site.
  const data = external
    ? []
    : (Object.keys(GROUPS) as SiteUrlType[])
        .map((type) => ({
          group: GROUPS[type],
          items: [...new Set((urls.data ?? []).filter((u) => u.type === type).map((u) => u.url))],
        }))
        .filter((g) => g.items.length > 0);
  return (
    <Autocomplete
      label={label}
      description={description}
      placeholder="/page or https://…"
      maxLength={SITE_URL_MAX}
      value={value}
      onChange={onChange}
      onFocus={() => setFocused(true)}
      data={data}
      // The server already matched the words; show what it answered.
      filter={({ options }) => options}
      limit={50}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{names.get(option.value) ?? option.value}</Text>
          <Text size="xs" c="dimmed">
            {option.value}
          </Text>
        </Group>
      )}
      error={error}
      inputContainer={(children) => (
        <>
          {children}
          {external && !error && (
            <Group gap={4} mt={4} role="status">
              <IconExternalLink size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {pickerMessages.externalUrl}
              </Text>
            </Group>
          )}
        </>
      )}
    />
  );
}
