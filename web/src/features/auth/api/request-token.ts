import { api, TOKEN_PATH } from '../../../lib/api-client';

interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
}

/** The OAuth password grant (form-encoded); resolves with the access token. */
export async function requestToken(username: string, password: string): Promise<string> {
  const answer = await api.postForm<TokenResponse>(TOKEN_PATH, {
    grant_type: 'password',
    username,
    password,
  });
  return answer.access_token;
}
