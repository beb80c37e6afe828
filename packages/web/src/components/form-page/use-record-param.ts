import { useParams } from 'react-router';

/**
 * The record a form page's URL names: none on `/…/new` (isNew), else the `:id` (or the param
 * `name`: a post's page also names its feed, `:feedId`). An id that is not a whole number becomes
 * -1, which the server answers with a 404, so the page shows its load error rather than a blank
 * form. `key` remounts the page's screen when the URL names another record.
 */
export function useRecordParam(name = 'id'): { id: number; isNew: boolean; key: string } {
  const params = useParams();
  const id = params[name] ? Number(params[name]) : null;
  return {
    id: id !== null && Number.isInteger(id) ? id : -1,
    isNew: id === null,
    key: String(id ?? 'new'),
  };
}
