use asalto_solitaire::Profile;
use asalto_solitaire::generate::{Generator, Options};
use std::time::Instant;
fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    for profile in Profile::ALL {
        let t = Instant::now();
        let opts = Options {
            profile,
            pieces: Some(n),
            seed: 1,
            max_attempts: 30_000_000,
            ..Options::default()
        };
        for r in Generator::new(opts).unwrap().take(3) {
            match r {
                Ok(g) => println!(
                    "{profile} {} E {} attempts {} {:?}",
                    g.position,
                    g.difficulty.expected_search,
                    g.attempts,
                    t.elapsed()
                ),
                Err(e) => println!("{profile} {e} {:?}", t.elapsed()),
            }
        }
    }
}
