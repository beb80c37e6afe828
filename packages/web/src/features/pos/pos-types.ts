/**
 * The point-of-sale shapes the screen reads come from `@almoner/contracts` (pos/shapes.ts);
 * this file names them once for the feature.
 */
export type {
  PosAnswer,
  PosCategory,
  PosConfig,
  PosCustomField,
  PosMember,
  PosOrder,
  PosOrderItem,
  PosPaymentMethod,
  PosProduct,
  PosVariant,
} from '@almoner/contracts';
