package tsjs

import (
	ts "github.com/tree-sitter/go-tree-sitter"
	tsjavascript "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tstypescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

// kind is the detector's own small enumeration of the node kinds it reads;
// every other named kind is kOther.
type kind = treesitter.Kind

const (
	kOther kind = iota
	kError
	kProgram
	kIdentifier
	kPropertyIdentifier
	kShorthandProperty
	kShorthandPropertyPattern
	kString
	kStringFragment
	kEscapeSequence
	kTemplateString
	kTemplateSubstitution
	kCall
	kNew
	kMember
	kSubscript
	kArguments
	kArray
	kObject
	kPair
	kSpread
	kBinary
	kParen
	kAsExpr
	kAwait
	kVariableDeclarator
	kAssignment
	kAugmentedAssignment
	kUpdate
	kImportStatement
	kImportClause
	kImportRequireClause
	kNamespaceImport
	kNamedImports
	kImportSpecifier
	kObjectPattern
	kPairPattern
	kArrayPattern
	kAssignmentPattern
	kObjectAssignmentPattern
	kRestPattern
	kTrue
	kFalse
	kNull
	kUndefined
	kNumber
	kArrow
	kFunction
	kFormalParameters
	kRequiredParameter
	kOptionalParameter
	kImport
	kForIn
	kCatch
	kClassDecl
	kTernary
	kSequence
	kReturn
	kStatementBlock
	kThis
	kField
	kEnumDecl
	kEnumBody
	kEnumAssignment
	kModifier
	kComment
	kSkip // subtrees the detector never reads (types, regexes)
	kOperator
	kExportStatement
	kExportClause
	kExportSpecifier
	kNamespaceExport // `* as ns` of `export * as ns from "m"`
	kTypeDecl        // a type alias or an interface: a leaf, its text read (typedInstance)
	kYield
	kUnary
)

var kindNames = map[string]kind{
	"ERROR":                                 kError,
	"program":                               kProgram,
	"identifier":                            kIdentifier,
	"property_identifier":                   kPropertyIdentifier,
	"shorthand_property_identifier":         kShorthandProperty,
	"shorthand_property_identifier_pattern": kShorthandPropertyPattern,
	"string":                                kString,
	"string_fragment":                       kStringFragment,
	"escape_sequence":                       kEscapeSequence,
	"template_string":                       kTemplateString,
	"template_substitution":                 kTemplateSubstitution,
	"call_expression":                       kCall,
	"new_expression":                        kNew,
	"member_expression":                     kMember,
	"subscript_expression":                  kSubscript,
	"arguments":                             kArguments,
	"array":                                 kArray,
	"object":                                kObject,
	"pair":                                  kPair,
	"spread_element":                        kSpread,
	"binary_expression":                     kBinary,
	"parenthesized_expression":              kParen,
	"as_expression":                         kAsExpr,
	"satisfies_expression":                  kAsExpr,
	"non_null_expression":                   kAsExpr,
	"type_assertion":                        kAsExpr,
	"await_expression":                      kAwait,
	"variable_declarator":                   kVariableDeclarator,
	"assignment_expression":                 kAssignment,
	"augmented_assignment_expression":       kAugmentedAssignment,
	"update_expression":                     kUpdate,
	"import_statement":                      kImportStatement,
	"export_statement":                      kExportStatement,
	"export_clause":                         kExportClause,
	"export_specifier":                      kExportSpecifier,
	"namespace_export":                      kNamespaceExport,
	"import_clause":                         kImportClause,
	"import_require_clause":                 kImportRequireClause,
	"namespace_import":                      kNamespaceImport,
	"named_imports":                         kNamedImports,
	"import_specifier":                      kImportSpecifier,
	"object_pattern":                        kObjectPattern,
	"pair_pattern":                          kPairPattern,
	"array_pattern":                         kArrayPattern,
	"assignment_pattern":                    kAssignmentPattern,
	"object_assignment_pattern":             kObjectAssignmentPattern,
	"rest_pattern":                          kRestPattern,
	"true":                                  kTrue,
	"false":                                 kFalse,
	"null":                                  kNull,
	"undefined":                             kUndefined,
	"number":                                kNumber,
	"arrow_function":                        kArrow,
	"function_declaration":                  kFunction,
	"function_expression":                   kFunction,
	"function":                              kFunction,
	"generator_function_declaration":        kFunction,
	"generator_function":                    kFunction,
	"yield_expression":                      kYield,
	"unary_expression":                      kUnary,
	"method_definition":                     kFunction,
	"formal_parameters":                     kFormalParameters,
	"required_parameter":                    kRequiredParameter,
	"optional_parameter":                    kOptionalParameter,
	"import":                                kImport,
	"for_in_statement":                      kForIn,
	"catch_clause":                          kCatch,
	"class_declaration":                     kClassDecl,
	"ternary_expression":                    kTernary,
	"sequence_expression":                   kSequence,
	"return_statement":                      kReturn,
	"statement_block":                       kStatementBlock,
	"this":                                  kThis,
	"public_field_definition":               kField,
	"field_definition":                      kField,
	"enum_declaration":                      kEnumDecl,
	"enum_body":                             kEnumBody,
	"enum_assignment":                       kEnumAssignment,
	"accessibility_modifier":                kModifier,
	"override_modifier":                     kModifier,
	"comment":                               kComment,
	"html_comment":                          kComment,
	"regex":                                 kSkip,
	"type_annotation":                       kSkip,
	"type_arguments":                        kSkip,
	"type_parameters":                       kSkip,
	"interface_declaration":                 kTypeDecl,
	"type_alias_declaration":                kTypeDecl,
	"abstract_class_declaration":            kClassDecl,
}

// field is the detector's enumeration of the field names it reads.
type field = treesitter.Field

const (
	fNone field = iota
	fName
	fValue
	fFunction
	fArguments
	fObject
	fProperty
	fLeft
	fRight
	fOperator
	fKey
	fSource
	fAlias
	fConstructor
	fPattern
	fParameter
	fParameters
	fBody
	fIndex
	fArgument
	fKind
	fConsequence
	fAlternative
	fMember
)

var fieldNames = map[string]field{
	"name": fName, "value": fValue, "function": fFunction, "arguments": fArguments,
	"object": fObject, "property": fProperty, "left": fLeft, "right": fRight,
	"operator": fOperator, "key": fKey, "source": fSource, "alias": fAlias,
	"constructor": fConstructor, "pattern": fPattern, "parameter": fParameter,
	"parameters": fParameters, "body": fBody, "index": fIndex, "argument": fArgument,
	"kind": fKind, "consequence": fConsequence, "alternative": fAlternative, "member": fMember,
}

// The flat tree and its grammar tables are the shared tree-sitter front
// end; the detector names only its own kinds and fields.
type tree = treesitter.Tree

const none = treesitter.None

// special tells the tree copy which kinds it leaves out and which it marks.
var special = treesitter.Special{Error: kError, Comment: kComment, Skip: kSkip, Leaf: kTypeDecl, Operator: kOperator, OperatorField: fOperator,
	Split: []treesitter.Kind{kProgram, kStatementBlock}}

func newGrammar(lang *ts.Language) *treesitter.Grammar {
	return treesitter.NewGrammar(lang, kindNames, fieldNames, special)
}

var (
	grammarTS  = newGrammar(ts.NewLanguage(tstypescript.LanguageTypescript()))
	grammarTSX = newGrammar(ts.NewLanguage(tstypescript.LanguageTSX()))
	grammarJS  = newGrammar(ts.NewLanguage(tsjavascript.Language()))
)
