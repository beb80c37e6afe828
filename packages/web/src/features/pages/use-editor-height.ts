import { EDITOR_HEIGHT } from '@almoner/contracts';
import { useViewportSize } from '@mantine/hooks';

/** Spec part 1 §9: editors are 500–800 px tall; primary editors take 75 % of the window's height. */
export function editorHeight(windowHeight: number, primary: boolean): number {
  const wanted = primary ? Math.round(windowHeight * EDITOR_HEIGHT.primaryShare) : EDITOR_HEIGHT.min;
  return Math.min(EDITOR_HEIGHT.max, Math.max(EDITOR_HEIGHT.min, wanted));
}

export function useEditorHeight(primary: boolean): number {
  const { height } = useViewportSize();
  return editorHeight(height || window.innerHeight, primary);
}
