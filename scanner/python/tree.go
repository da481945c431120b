package python

import (
	ts "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// kind is the detector's own small enumeration of the node kinds it reads;
// every other named kind is kOther.
type kind = treesitter.Kind

const (
	kOther kind = iota
	kError
	kModule
	kIdentifier
	kString
	kStringStart
	kStringContent
	kStringEnd
	kInterpolation
	kEscapeInterpolation
	kConcatenatedString
	kCall
	kArgumentList
	kKeywordArgument
	kAttribute
	kSubscript
	kList
	kTuple
	kDictionary
	kPair
	kListSplat
	kDictionarySplat
	kParen
	kBinary
	kBoolean
	kConditional
	kAwait
	kAssignment
	kAugmentedAssignment
	kImport
	kImportFrom
	kAliasedImport
	kDottedName
	kRelativeImport
	kWildcardImport
	kTrue
	kFalse
	kNone
	kInteger
	kFloat
	kFunction
	kClass
	kParameters
	kDefaultParameter
	kTypedParameter
	kTypedDefaultParameter
	kListSplatPattern
	kDictionarySplatPattern
	kFor
	kForIn
	kAsPatternTarget
	kNamedExpression
	kPatternList
	kTuplePattern
	kListPattern
	kExpressionList
	kLambda
	kReturn
	kComment
	kSkip
	kOperator
	kSlice
	kGlobal
	kNonlocal
	kDecorated
	kDecorator
	kAsPattern
	kUnary
	kComprehension
	kWhile
	kDictComprehension
	kYield
)

var kindNames = map[string]kind{
	"ERROR":                    kError,
	"module":                   kModule,
	"identifier":               kIdentifier,
	"string":                   kString,
	"string_start":             kStringStart,
	"string_content":           kStringContent,
	"string_end":               kStringEnd,
	"interpolation":            kInterpolation,
	"escape_interpolation":     kEscapeInterpolation,
	"concatenated_string":      kConcatenatedString,
	"call":                     kCall,
	"argument_list":            kArgumentList,
	"keyword_argument":         kKeywordArgument,
	"attribute":                kAttribute,
	"subscript":                kSubscript,
	"list":                     kList,
	"tuple":                    kTuple,
	"dictionary":               kDictionary,
	"pair":                     kPair,
	"list_splat":               kListSplat,
	"dictionary_splat":         kDictionarySplat,
	"parenthesized_expression": kParen,
	"binary_operator":          kBinary,
	"boolean_operator":         kBoolean,
	"conditional_expression":   kConditional,
	"await":                    kAwait,
	"assignment":               kAssignment,
	"augmented_assignment":     kAugmentedAssignment,
	"import_statement":         kImport,
	"import_from_statement":    kImportFrom,
	"future_import_statement":  kSkip,
	"aliased_import":           kAliasedImport,
	"dotted_name":              kDottedName,
	"relative_import":          kRelativeImport,
	"wildcard_import":          kWildcardImport,
	"true":                     kTrue,
	"false":                    kFalse,
	"none":                     kNone,
	"integer":                  kInteger,
	"float":                    kFloat,
	"function_definition":      kFunction,
	"class_definition":         kClass,
	"parameters":               kParameters,
	"lambda_parameters":        kParameters,
	"default_parameter":        kDefaultParameter,
	"typed_parameter":          kTypedParameter,
	"typed_default_parameter":  kTypedDefaultParameter,
	"list_splat_pattern":       kListSplatPattern,
	"dictionary_splat_pattern": kDictionarySplatPattern,
	"for_statement":            kFor,
	"while_statement":          kWhile,
	"for_in_clause":            kForIn,
	"as_pattern_target":        kAsPatternTarget,
	"named_expression":         kNamedExpression,
	"pattern_list":             kPatternList,
	"tuple_pattern":            kTuplePattern,
	"list_pattern":             kListPattern,
	"expression_list":          kExpressionList,
	"lambda":                   kLambda,
	"return_statement":         kReturn,
	"comment":                  kComment,
	"slice":                    kSlice,
	"global_statement":         kGlobal,
	"nonlocal_statement":       kNonlocal,
	"decorated_definition":     kDecorated,
	"decorator":                kDecorator,
	"as_pattern":               kAsPattern,
	"unary_operator":           kUnary,
	"list_comprehension":       kComprehension,
	"generator_expression":     kComprehension,
	"set_comprehension":        kComprehension,
	"dictionary_comprehension": kDictComprehension,
	"yield":                    kYield,
	"type":                     kSkip,
}

// field is the detector's enumeration of the field names it reads.
type field = treesitter.Field

const (
	fNone field = iota
	fName
	fAlias
	fModuleName
	fFunction
	fArguments
	fObject
	fAttribute
	fValue
	fSubscript
	fLeft
	fRight
	fOperator
	fKey
	fExpression
	fParameters
	fBody
	fDefinition
	fArgument
	fSuperclasses
)

var fieldNames = map[string]field{
	"name": fName, "alias": fAlias, "module_name": fModuleName, "function": fFunction,
	"arguments": fArguments, "object": fObject, "attribute": fAttribute, "value": fValue,
	"subscript": fSubscript, "left": fLeft, "right": fRight, "operator": fOperator,
	"key": fKey, "expression": fExpression, "parameters": fParameters, "body": fBody,
	"definition": fDefinition, "argument": fArgument, "superclasses": fSuperclasses,
}

// The flat tree is the shared tree-sitter front end's; the detector names
// only its own kinds and fields.
type tree = treesitter.Tree

const none = treesitter.None

var grammarPython = treesitter.NewGrammar(ts.NewLanguage(tspython.Language()), kindNames, fieldNames,
	treesitter.Special{Error: kError, Comment: kComment, Skip: kSkip, Operator: kOperator, OperatorField: fOperator, Mend: mendSplats})

// parsePass is parse for a detector's pass: in the repository phase it
// takes the tree phase one kept (treesitter.Grammar.ParsePass).
func parsePass(p *scanner.Pass) (*tree, error) {
	return grammarPython.ParsePass(p)
}

// mendSplats mends one shape of the grammar: a list whose only element is
// the splat of a primary expression (`[*a.b]`, `[*f()]`, `[*a[1:]]`)
// comes out as that expression applied to the splat of its first name
// (`attribute(list_splat(a), b)`), so the splat spread only `a`. It is
// rotated back to `list_splat(attribute(a, b))`, as `[x, *a.b]` parses,
// innermost first (`[*a.b.c]`). The nodes keep their order.
func mendSplats(t *tree) {
	for i := int32(len(t.Nodes)) - 1; i >= 0; i-- {
		n := &t.Nodes[i]
		if n.Kind != kAttribute && n.Kind != kCall && n.Kind != kSubscript {
			continue
		}
		s := n.First
		if s == none || t.Nodes[s].Kind != kListSplat || t.Nodes[s].Start != n.Start {
			continue
		}
		sn := &t.Nodes[s]
		a := sn.First
		if a == none || t.Nodes[a].Next != none {
			continue
		}
		b := sn.Next
		t.Nodes[a].Field, t.Nodes[a].Next = sn.Field, b
		for c := b; c != none; c = t.Nodes[c].Next {
			t.Nodes[c].Parent = s
		}
		sn.Kind, sn.Start, sn.End, sn.Field, sn.Next = n.Kind, t.Nodes[a].Start, n.End, fNone, none
		n.Kind = kListSplat
	}
}
