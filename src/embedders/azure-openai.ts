/**
 * Azure OpenAI, as the `openai:` embedder reaches it: the base URL is the deployment,
 * `https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT`, whose `/embeddings` takes
 * the OpenAI request body; every request carries the `api-version` query parameter (kept from the base URL's query string
 * by joinUrl, as any base URL's is), and the key
 * goes in an `api-key` header instead of `Authorization: Bearer`. So the spec
 * `openai:text-embedding-3-small@https://RES.openai.azure.com/openai/deployments/DEP?api-version=2024-10-21`
 * with TESTBED_OPENAI_KEY_VAR=AZURE_OPENAI_API_KEY embeds through a deployment.
 */

/** The host names of Azure OpenAI resources (the classic endpoint, the Cognitive Services and AI Foundry ones). */
const AZURE_OPENAI_HOST = /\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/i;

/** Whether the URL is an Azure OpenAI resource's, whose key goes in `api-key`. */
export function isAzureOpenAIHost(url: string): boolean {
  return AZURE_OPENAI_HOST.test(new URL(url).hostname);
}

/** How the key is sent: `Authorization: Bearer KEY` (OpenAI and most servers) or `api-key: KEY` (Azure). */
export type KeyHeader = 'authorization' | 'api-key';
export const KEY_HEADERS: readonly KeyHeader[] = ['authorization', 'api-key'];

/**
 * The header the key goes in: `setting` when given (TESTBED_OPENAI_KEY_HEADER, for a gateway in
 * front of Azure), else api-key for an Azure OpenAI host and Authorization anywhere else.
 */
export function keyHeaderFor(baseUrl: string, setting: KeyHeader | undefined): KeyHeader {
  return setting ?? (isAzureOpenAIHost(baseUrl) ? 'api-key' : 'authorization');
}

/** The request header carrying the key read from `variable` (resolved per request by the remote client). */
export function keyHeaderRecord(header: KeyHeader, variable: string): Record<string, string> {
  return header === 'api-key' ? { 'api-key': `\${env:${variable}}` } : { Authorization: `Bearer \${env:${variable}}` };
}
