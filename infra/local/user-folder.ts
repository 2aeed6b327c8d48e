/**
 * The folder a user's relative paths are read from (--data, --configfile, --pidfile, a data source's csv):
 * where they ran `npm start`, which npm passes as INIT_CWD since it runs scripts from the package's folder,
 * else this process's working directory (the launcher run by hand).
 */
export const userFolder = (env: NodeJS.ProcessEnv = process.env): string => env.INIT_CWD ?? process.cwd();
