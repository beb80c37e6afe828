export { CardFields, type CardFieldsHandle } from './card-fields.tsx';
export { CardFieldsError } from './card-fields-channel.ts';
