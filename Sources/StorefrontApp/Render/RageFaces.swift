/// Rage faces drawn in text for the spend screen, all the same size.
enum RageFaces {
    /// One face: its name and its rows.
    struct Face: Equatable {
        var name: String
        var rows: [String]
    }

    static let height = 8

    static let all: [Face] = [
        Face(name: "FFFUUU", rows: [
            #"  .-----------.  "#,
            #" / \\\     /// \ "#,
            #"|   (@)   (@)   |"#,
            #"|      /^\      |"#,
            #"|  .---------.  |"#,
            #"|  |VVVVVVVVV|  |"#,
            #" \ '---------' / "#,
            #"  '-----------'  "#,
        ]),
        Face(name: "Forever Alone", rows: [
            #"   .---------.   "#,
            #"  /  __   __  \  "#,
            #" |  (o)   (o)  | "#,
            #" |      ()     | "#,
            #" | \_________/ | "#,
            #" |  \_______/  | "#,
            #"  \    '''    /  "#,
            #"   '---------'   "#,
        ]),
        Face(name: "Y U NO", rows: [
            #"  .-----------.  "#,
            #" | \\\     /// | "#,
            #" |  (O)   (O)  | "#,
            #" |      v      | "#,
            #" |   .-----.   | "#,
            #" |  (       )  | "#,
            #" |   '-----'   | "#,
            #"  '-----------'  "#,
        ]),
        Face(name: "Me Gusta", rows: [
            #"   .---------.   "#,
            #"  / ~~     ~~ \  "#,
            #" |  (=)   (=)  | "#,
            #" |      >      | "#,
            #" |   .~~~~~.   | "#,
            #" |    '---'    | "#,
            #"  \           /  "#,
            #"   '---------'   "#,
        ]),
        Face(name: "Poker Face", rows: [
            #"  .-----------.  "#,
            #" |  ___   ___  | "#,
            #" |  -o-   -o-  | "#,
            #" |      |      | "#,
            #" |      '      | "#,
            #" |   -------   | "#,
            #" |             | "#,
            #"  '-----------'  "#,
        ]),
    ]
}
