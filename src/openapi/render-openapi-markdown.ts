export function renderOpenApiMarkdown(_document: Record<string, unknown>): string { return ''; }
