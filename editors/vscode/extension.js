// clstep's VS Code extension: runs `clstep-cli dap` as the debug adapter of the `clstep`
// debug type (plain JavaScript, no build step).
'use strict';
const vscode = require('vscode');

function activate(context) {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('clstep', {
      createDebugAdapterDescriptor() {
        const cli = vscode.workspace.getConfiguration('clstep').get('cliPath') || 'clstep-cli';
        return new vscode.DebugAdapterExecutable(cli, ['dap']);
      },
    }));
}

function deactivate() {}

module.exports = { activate, deactivate };
