#pragma once

#include "common/Severity.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace clstep {

/// Every kind of diagnostic clstep reports: a stable rule id. The enum is what the code
/// compares; the name (`data-race`) exists only at the edges: the `[kind]` of CLI text, the
/// JSON `kind` field, suppressions files, the debug adapter's exception ids and the docs.
/// One row per kind in `DiagnosticKinds::all()` (common/DiagnosticKind.cpp) gives its name,
/// default severity, the stage that finds it and a line of documentation; docs/kinds.md is
/// that table as `clstep-cli kinds --markdown` prints it (tests/cli/tst_clikinds.cpp).
enum class DiagnosticKind : uint8_t {
    IoError,
    Preprocessor,
    SyntaxError,
    NestingTooDeep,
    TooManyErrors,
    InternalError,
    AddressSpaceMismatch,
    AddressSpaceCast,
    ToAddressSpaceArgument,
    GenericBeforeCl20,
    LocalVariableScope,
    LocalVariableInitializer,
    ConstantVariableUninitialized,
    ConstantInitializerNotConstant,
    ConstantVariableScope,
    ConstantWrite,
    ProgramScopeAddressSpace,
    GlobalInitializerNotConstant,
    StaticLocalVariable,
    AutomaticVariableAddressSpace,
    ParameterAddressSpace,
    ReturnAddressSpace,
    FieldAddressSpace,
    ImageAddressSpace,
    KernelReturnType,
    KernelStatic,
    KernelMain,
    KernelPointerParameterSpace,
    KernelPointerToPointer,
    KernelParameterType,
    KernelAttribute,
    KernelCall,
    FunctionPointer,
    VariadicFunction,
    VariableLengthArray,
    BitField,
    Recursion,
    ReservedIdentifier,
    AtomicOperator,
    VectorScalarRank,
    AmbiguousBuiltinCall,
    NoMatchingBuiltin,
    InvalidSwizzle,
    RgbaComponents,
    DuplicateCase,
    Redefinition,
    UnsupportedStorageClass,
    InvalidCast,
    InvalidOperands,
    ExcessInitializers,
    AlignedNotPowerOfTwo,
    PackedTypedef,
    EndianArgument,
    UnknownAttribute,
    AttributeArguments,
    IgnoredAttribute,
    UndeclaredIdentifier,
    UndeclaredFunction,
    UndeclaredLabel,
    DuplicateLabel,
    UnknownType,
    IncompleteType,
    IncompleteArray,
    SizeofIncomplete,
    VoidVariable,
    ArraySize,
    ArrayInitializer,
    DesignatorNotConstant,
    UnexpectedInitializerList,
    VectorLiteralElement,
    VectorLiteralSize,
    VectorTypeMismatch,
    IncompatibleTypes,
    DiscardsConst,
    NotAssignable,
    ConstWrite,
    NotAValue,
    NotAFunction,
    ArgumentCount,
    NestedFunction,
    MemberAccess,
    NoMember,
    SubscriptNotPointer,
    SubscriptNotInteger,
    DerefNonPointer,
    DerefVoid,
    AddressOfRvalue,
    AddressOfVectorComponent,
    VecStepType,
    InvalidCondition,
    SwitchCondition,
    CaseNotConstant,
    CaseOutsideSwitch,
    BreakOutsideLoop,
    ContinueOutsideLoop,
    ReturnMissingValue,
    ReturnValueInVoid,
    NotConstant,
    LaunchFile,
    Launch,
    LaunchStopped,
    Suppressions,
    DataRace,
    BenignRace,
    UninitializedRead,
    EndianConversion,
    BarrierDivergence,
    AsyncCopyDivergence,
    InvalidWaitEvent,
    UnwaitedEvent,
    OutOfBounds,
    ArrayIndex,
    NullDereference,
    DanglingPointer,
    ReadOnlyWrite,
    WriteOnlyRead,
    MisalignedAccess,
    DivisionByZero,
    StepLimit,
    CallDepth,
    AllocationTooLarge,
    UndefinedFunction,
    PrintfFormat,
    InvalidMemoryOrder,
    InvalidArgument,
    ImageUndefined,
    Internal,
};

/// One row of the kinds table.
struct DiagnosticKindInfo {
    DiagnosticKind kind;
    std::string_view name; ///< the string form, as printed between `[` `]`
    Severity severity;     ///< the severity it is reported with unless its row says otherwise
    std::string_view
        stage; ///< what finds it: build, sema, launch, runtime, checks, builtins, platform
    std::string_view doc; ///< one line: what it means (with the spec section where there is one)
};

/// The kinds table and the conversions between a kind and its name.
class DiagnosticKinds {
public:
    /// Every kind, in enum order (row i is the kind with value i).
    static std::span<const DiagnosticKindInfo> all();
    /// The row of `kind`.
    static const DiagnosticKindInfo& info(DiagnosticKind kind);
    /// The string form of `kind` (`data-race`), a null-terminated literal.
    static const char* name(DiagnosticKind kind);
    /// The kind named `name` (exactly, as printed). An unknown name returns nothing and sets
    /// `error` to "'NAME' is not a diagnostic kind: ...": for a name not written as a rule id
    /// (lower-case letters, digits, '-') how one is written, with the closest kind as the
    /// example; else "did you mean 'data-race'?" when a kind is at most two edits away
    /// (case and '_' for '-' aside), and where the list is (`clstep-cli kinds`).
    static std::optional<DiagnosticKind> fromName(std::string_view name, std::string& error);
};

} // namespace clstep
