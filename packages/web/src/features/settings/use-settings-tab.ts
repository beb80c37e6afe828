import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_TAB, isSettingsTab, type SettingsTab } from './settings-fields.ts';

/**
 * The settings tab is chosen by the URL hash (spec part 3 §2.1): /settings#editions opens that
 * tab, switching tab updates the hash (so Back returns to the previous tab), and /settings alone
 * is rewritten to the first tab's hash.
 */
export function useSettingsTab(): [SettingsTab, (tab: SettingsTab) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const hashTab = location.hash.slice(1);
  const tab: SettingsTab = isSettingsTab(hashTab) ? hashTab : DEFAULT_TAB;

  useEffect(() => {
    if (!isSettingsTab(hashTab)) void navigate({ hash: `#${DEFAULT_TAB}` }, { replace: true });
  }, [hashTab, navigate]);

  const openTab = (next: SettingsTab) => {
    if (next !== tab) void navigate({ hash: `#${next}` });
  };
  return [tab, openTab];
}
