import type { VirtualEvent } from '@almoner/contracts';
import type { FormPage } from '../../components/form-page/index.ts';

/** The event form's values: the API's fields as the inputs hold them ('' for nothing). */
export type EventValues = {
  name: string;
  logo: string;
  background_image: string;
  theme_style: string;
  theme_primary_color: string;
  start_date: string;
  video_source: string;
  video_id: string;
  chat_id: string;
  is_chat_enabled: boolean;
  is_amount_tally_enabled: boolean;
  is_honor_roll_enabled: boolean;
  is_emoji_reaction_enabled: boolean;
  is_celebration_enabled: boolean;
  celebration_threshold: string;
  prestream_message_line_1: string;
  prestream_message_line_2: string;
  tab_one_label: string;
  tab_one_product_id: number | null;
  tab_two_label: string;
  tab_two_product_id: number | null;
  tab_three_label: string;
  tab_three_product_id: number | null;
};

export const toValues = (e: VirtualEvent | undefined): EventValues => ({
  name: e?.name ?? '',
  logo: e?.logo ?? '',
  background_image: e?.background_image ?? '',
  theme_style: e?.theme_style ?? 'dark',
  theme_primary_color: e?.theme_primary_color ?? 'blue',
  start_date: e?.start_date ?? '',
  video_source: e?.video_source ?? '',
  video_id: e?.video_id ?? '',
  chat_id: e?.chat_id ?? '',
  is_chat_enabled: e?.is_chat_enabled ?? true,
  is_amount_tally_enabled: e?.is_amount_tally_enabled ?? true,
  is_honor_roll_enabled: e?.is_honor_roll_enabled ?? true,
  is_emoji_reaction_enabled: e?.is_emoji_reaction_enabled ?? true,
  is_celebration_enabled: e?.is_celebration_enabled ?? true,
  celebration_threshold: String(e?.celebration_threshold ?? 1000),
  prestream_message_line_1: e?.prestream_message_line_1 ?? '',
  prestream_message_line_2: e?.prestream_message_line_2 ?? '',
  tab_one_label: e?.tab_one_label ?? '',
  tab_one_product_id: e?.tab_one_product_id ?? null,
  tab_two_label: e?.tab_two_label ?? '',
  tab_two_product_id: e?.tab_two_product_id ?? null,
  tab_three_label: e?.tab_three_label ?? '',
  tab_three_product_id: e?.tab_three_product_id ?? null,
});

export type EventFormApi = FormPage<EventValues>['form'];
