/** The query that carries the list a call was opened from onto the call view (docs/console.md "The fast loop"). */
export const fromQuery = (list: string | undefined): string => (list ? `?from=${encodeURIComponent(list)}` : '');

/** A call's URL inside the loop of `list`. */
export const callInList = (id: string, list: string | undefined): string => `/console/calls/${id}${fromQuery(list)}`;
