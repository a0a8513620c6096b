#include "launch/LaunchPlan.h"

#include "launch/LaunchBinding.h"
#include "launch/SimParser.h"

namespace clstep::launch {

LaunchPlan prepare(const Program& program, LaunchConfig& config,
                   std::vector<Diagnostic>& diagnostics) {
    LaunchPlan plan;
    plan.kernel = program.findKernel(config.kernelName);
    if (!plan.kernel) {
        Diagnostic d;
        d.kind = DiagnosticKind::LaunchFile;
        d.message = program.kernels.empty()
                        ? "the program has no kernel: declare a __kernel function to run it"
                        : "no kernel named '" + config.kernelName + "' in the program";
        d.range = config.kernelNameRange;
        diagnostics.push_back(std::move(d));
        return plan;
    }
    plan.signature = signatureOf(*plan.kernel, program.options.clVersion);
    std::vector<Diagnostic> bound;
    const bool ok = SimParser::bind(config, plan.signature, bound);
    plan.ok = ok && !hasErrors(bound);
    diagnostics.insert(diagnostics.end(), bound.begin(), bound.end());
    if (!plan.ok) return plan;
    plan.range = ndRangeOf(config);
    plan.arguments = kernelArgumentsOf(config);
    for (const KernelArgSpec& a : config.args)
        plan.dump.push_back(a.dump);
    return plan;
}

} // namespace clstep::launch
