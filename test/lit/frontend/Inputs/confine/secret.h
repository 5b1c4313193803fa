int secret_token_5c1d;
