/**
 * Where a modal dialog sits: centred, but below the toast area's height (`--toast-space`, kept
 * by the toast view while a dialog is open), so a toast never covers the dialog's buttons.
 */
export const MODAL_PLACEMENT =
  "fixed top-[calc(50%+var(--toast-space,0px)/2)] left-1/2 z-50 max-h-[calc(100dvh-2rem-var(--toast-space,0px))] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto";
