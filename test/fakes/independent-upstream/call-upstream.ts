/**
 * A bare HTTP caller for tests that set up or inspect the independent upstream without convoqa's
 * client (whose schemas are the thing under test): POST `<baseUrl>/<operation>` with the key.
 */
export interface RawAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body (null when the body is not JSON). */
  body: unknown;
}

export async function callUpstream(
  upstream: { baseUrl: string; apiKey: string },
  operation: string,
  body: unknown = {},
  options: { apiKey?: string | null; method?: string; rawBody?: string } = {},
): Promise<RawAnswer> {
  const key = options.apiKey === undefined ? upstream.apiKey : options.apiKey;
  const method = options.method ?? 'POST';
  const response = await fetch(`${upstream.baseUrl}/${operation}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
    ...(method === 'GET' ? {} : { body: options.rawBody ?? JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** The answer's `data`, after checking the status (a setup step that fails says what it got). */
export async function dataOf<T = Record<string, unknown>>(
  upstream: { baseUrl: string; apiKey: string },
  operation: string,
  body: unknown = {},
): Promise<T> {
  const answer = await callUpstream(upstream, operation, body);
  if (answer.status >= 300) throw new Error(`${operation} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { data: T }).data;
}
