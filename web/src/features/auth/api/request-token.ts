import { api, TOKEN_PATH } from '../../../lib/api-client';

interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
}

/**
 * The OAuth password grant (form-encoded); resolves with the access token. `otp`: the second factor's
 * code, once the server asked for it (decisions.md section 15).
 */
export async function requestToken(username: string, password: string, otp?: string): Promise<string> {
  const answer = await api.postForm<TokenResponse>(TOKEN_PATH, {
    grant_type: 'password',
    username,
    password,
    ...(otp ? { otp } : {}),
  });
  return answer.access_token;
}
