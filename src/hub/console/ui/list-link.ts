/** The list a call view falls back to when it was opened from nowhere in particular: the review queue. */
export const defaultList = '/console';

/**
 * The query that carries the list a call was opened from onto the call view (docs/console.md "The
 * fast loop"); none for the review queue, the call view's default.
 */
export const fromQuery = (list: string | undefined): string => (list && list !== defaultList ? `?from=${encodeURIComponent(list)}` : '');

/** A call's URL inside the loop of `list`. */
export const callInList = (id: string, list: string | undefined): string => `/console/calls/${id}${fromQuery(list)}`;
