import assert from "node:assert/strict";
import { test } from "node:test";
import { CONTRACT_VERSION } from "../contract.js";
import { checkContract, contractMismatch } from "../contract-version.js";

test("a server on the viewer's contract passes", () => {
  assert.equal(contractMismatch(CONTRACT_VERSION), null);
  assert.doesNotThrow(() => checkContract({ contractVersion: CONTRACT_VERSION }));
});

test("a newer server tells an old cached viewer to reload", () => {
  const problem = contractMismatch(CONTRACT_VERSION + 1);
  assert.match(problem ?? "", new RegExp(`contract ${CONTRACT_VERSION + 1} and this viewer contract ${CONTRACT_VERSION}`));
  assert.match(problem ?? "", /old copy\. Reload/);
  assert.throws(() => checkContract({ contractVersion: CONTRACT_VERSION + 1 }), /Reload/);
});

test("an older server, or one that names no contract, is named as the older side", () => {
  assert.match(contractMismatch(CONTRACT_VERSION - 1) ?? "", /server is older than the viewer/);
  assert.match(contractMismatch(undefined) ?? "", /does not say which renderer contract/);
  assert.match(contractMismatch("1") ?? "", /does not say which renderer contract/);
  assert.throws(() => checkContract({}), /does not say/);
});
