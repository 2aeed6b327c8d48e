import type { Command } from "../command.ts";
import { auditList } from "./audit.ts";
import { deploy } from "./deploy.ts";
import { dev } from "./dev.ts";
import { importCommand } from "./import.ts";
import { impostersDelete, impostersGet, impostersList } from "./imposters.ts";
import { logs } from "./logs.ts";
import { platformDeploy } from "./platform-deploy.ts";
import { login, profilesList, profilesUse } from "./profiles.ts";
import { requests } from "./requests.ts";
import { replay, save } from "./save.ts";
import { tokensCreate, tokensList, tokensRevoke } from "./tokens.ts";
import { validate } from "./validate.ts";
import { workspacesCreate, workspacesGet, workspacesSet } from "./workspaces.ts";

/** Every command, in the order `mockctl --help` lists them. */
export const COMMANDS: Command[] = [
  dev,
  deploy,
  validate,
  impostersList,
  impostersGet,
  impostersDelete,
  requests,
  logs,
  save,
  replay,
  importCommand,
  login,
  profilesList,
  profilesUse,
  workspacesCreate,
  workspacesGet,
  workspacesSet,
  tokensCreate,
  tokensList,
  tokensRevoke,
  auditList,
  platformDeploy,
];
