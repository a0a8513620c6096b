// clstep's VS Code extension: runs `clstep-cli dap` as the debug adapter of the `clstep`
// debug type, and the command "clstep: Check across launches" (the adapter's `clstep/sweep`
// request, docs/editors.md). Plain JavaScript, no build step.
'use strict';
const vscode = require('vscode');
const { execFile } = require('child_process');

function cliPath() {
  return vscode.workspace.getConfiguration('clstep').get('cliPath') || 'clstep-cli';
}

/** The sweep report of the clstep debug session, or of the active .sim file. */
function sweepReport() {
  const session = vscode.debug.activeDebugSession;
  if (session && session.type === 'clstep') return session.customRequest('clstep/sweep', {});
  const editor = vscode.window.activeTextEditor;
  if (!editor || !editor.document.fileName.endsWith('.sim'))
    return Promise.reject(new Error('start a clstep debug session or open a .sim launch file'));
  return new Promise((resolve, reject) => {
    execFile(cliPath(), ['sweep', editor.document.fileName, '--json', '-', '--quiet'],
      { maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
        // exit code 1 is a verdict (errors, results that depend on the configuration)
        if (error && error.code !== 1) reject(new Error(stderr || error.message));
        else resolve(JSON.parse(stdout));
      });
  });
}

async function sweep() {
  try {
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'clstep: checking across launches' },
      sweepReport);
    const doc = await vscode.workspace.openTextDocument(
      { language: 'json', content: JSON.stringify(report, null, 2) });
    await vscode.window.showTextDocument(doc, { preview: true });
    const n = (report.configurations || []).length;
    vscode.window.showInformationMessage(
      `clstep sweep: ${n} configuration${n === 1 ? '' : 's'}, verdict: ${report.verdict}`);
  } catch (e) {
    vscode.window.showErrorMessage(`clstep sweep: ${e.message}`);
  }
}

function activate(context) {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('clstep', {
      createDebugAdapterDescriptor() {
        return new vscode.DebugAdapterExecutable(cliPath(), ['dap']);
      },
    }),
    vscode.commands.registerCommand('clstep.sweep', sweep));
}

function deactivate() {}

module.exports = { activate, deactivate };
