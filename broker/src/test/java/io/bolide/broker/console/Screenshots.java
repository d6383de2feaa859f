package io.bolide.broker.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;

/**
 * The console's screenshots in docs/screenshots, taken by the browser tests when run with {@code
 * -Dbolide.regenerate=true} (as the other generated documents are); otherwise nothing is written.
 */
public final class Screenshots {
    /** The browser window the screenshots are taken in: a laptop screen. */
    public static final String WINDOW = "--window-size=1280,800";

    private Screenshots() {}

    /** Writes the page as {@code docs/screenshots/NAME.png} when regenerating. */
    public static void take(WebDriver browser, String name) throws IOException {
        if (!Boolean.getBoolean("bolide.regenerate")) {
            return;
        }
        Path docs = Path.of("..", "docs", "screenshots");
        Files.createDirectories(docs);
        // The page from its top, as a person opening it sees it first.
        ((JavascriptExecutor) browser).executeScript("window.scrollTo(0, 0)");
        byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        Files.write(docs.resolve(name + ".png"), png);
    }
}
