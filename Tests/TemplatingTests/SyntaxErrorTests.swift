import Templating
import Testing

/// Every kind of syntax error, with its line and column (columns count Unicode scalars).
@Suite("Syntax errors")
struct SyntaxErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let template: String
        let kind: TemplateSyntaxError.Kind
        let line: Int
        let column: Int

        init(_ template: String, _ kind: TemplateSyntaxError.Kind, _ line: Int, _ column: Int) {
            self.template = template
            self.kind = kind
            self.line = line
            self.column = column
        }

        var testDescription: String { template.debugDescription }
    }

    static let cases: [Case] = [
        // An unclosed section is located at its opening tag, the innermost one left open.
        Case("a\n  {{#items}}\nx", .unclosedSection("items"), 2, 3),
        Case("{{#a}}{{#b}}{{/b}}\n{{^c}}\n", .unclosedSection("c"), 2, 1),
        Case("{{#a}}\n{{/b}}", .wrongCloseTag(expected: "a", found: "b"), 2, 1),
        Case("x {{/a}}", .wrongCloseTag(expected: nil, found: "a"), 1, 3),
        Case("{{#a}}{{#b}}{{/a}}{{/b}}", .wrongCloseTag(expected: "b", found: "a"), 1, 13),
        // Columns in Unicode scalars: é is one, 👍🏽 two (a thumb and a skin tone), a tab one.
        Case("é {{name", .unclosedTag, 1, 3),
        Case("👍🏽{{name", .unclosedTag, 1, 3),
        Case("\t{{{name}}", .unclosedTag, 1, 2),
        Case("{{! a comment\nover lines }} {{x", .unclosedTag, 2, 15),
        Case("ok\r\n{{!", .unclosedTag, 2, 1),
        Case("{{=<% %>}}", .invalidDelimiters, 1, 1),
        Case("x\n {{= a b c =}}", .invalidDelimiters, 2, 2),
        Case("{{=a= b=}}", .invalidDelimiters, 1, 1),
        Case("{{==}}", .invalidDelimiters, 1, 1),
        Case("{{}}", .emptyTag, 1, 1),
        Case("  {{# }}", .emptyTag, 1, 3),
        Case("{{{ }}}", .emptyTag, 1, 1),
        Case("{{>}}", .emptyTag, 1, 1),
        Case("{{a b}}", .invalidName("a b"), 1, 1),
        Case("{{#a..b}}{{/a..b}}", .invalidName("a..b"), 1, 1),
        Case("x{{a.}}", .invalidName("a."), 1, 2),
        Case(String(repeating: "{{#a}}", count: 65), .nestingTooDeep(limit: 64), 1, 64 * 6 + 1),
        Case(String(repeating: "{{^a}}\n", count: 70), .nestingTooDeep(limit: 64), 65, 1),
        Case("{{%PRAGMA}}", .unsupportedTag("%PRAGMA"), 1, 1),
        Case("x {{>*dynamic}}", .unsupportedTag(">*dynamic"), 1, 3),
        Case("{{<parent}}{{/parent}}", .unsupportedTag("<parent"), 1, 1),
        Case("\n{{$block}}x{{/block}}", .unsupportedTag("$block"), 2, 1),
        // After new delimiters, tags are found with them; errors too.
        Case("{{=[ ]=}}\n[#a]\n", .unclosedSection("a"), 2, 1),
        Case("{{=<% %>=}}\n<%name", .unclosedTag, 2, 1),
        // The first problem in the template is the one reported, even on one line.
        Case("{{/a}} {{b", .wrongCloseTag(expected: nil, found: "a"), 1, 1),
    ]

    @Test("a syntax error has its kind and place", arguments: cases)
    func syntaxError(_ test: Case) {
        #expect(throws: TemplateSyntaxError(test.kind, at: TemplateLocation(line: test.line, column: test.column))) {
            try Template(parsing: test.template)
        }
    }

    @Test("a set reports the syntax error of each template that has one, with its path")
    func setReportsEach() {
        do {
            _ = try templateSet(["a": "{{#x}}", "b": "fine", "c": "\n{{y"])
            Issue.record("the set was made")
        } catch {
            #expect(
                error.issues == [
                    TemplateIssue(
                        .syntax(.unclosedSection("x")), template: "a", path: "a.mustache", at: .init(line: 1, column: 1)
                    ),
                    TemplateIssue(
                        .syntax(.unclosedTag), template: "c", path: "c.mustache", at: .init(line: 2, column: 1)),
                ])
        }
    }

    @Test("what is not an error: comments with anything, empty comments, deep but allowed nesting")
    func notErrors() throws {
        _ = try Template(parsing: "{{! {{#a}} <% %> }}{{!}}")
        _ = try Template(parsing: String(repeating: "{{#a}}", count: 64) + String(repeating: "{{/a}}", count: 64))
        _ = try Template(parsing: "{{ name }}{{{ name }}}{{& name }}{{# a.b }}{{/ a.b }}{{> partial-name }}")
        #expect(try Template(parsing: "{{> sub/name }}{{>x}}{{>sub/name}}").partialNames == ["sub/name", "x"])
    }
}
