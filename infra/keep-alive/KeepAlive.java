// Java's HttpClient (its defaults), one client per idle spell (in threads): a request, the spell, another.
// Prints a JSON array: the idle seconds and "ok" or the error. Run as `java KeepAlive.java <url> <seconds>...`.
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

public class KeepAlive {
  public static void main(String[] args) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(args[0])).build();
    List<String> results = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      double idle = Double.parseDouble(args[i]);
      Thread thread = new Thread(() -> {
        HttpClient client = HttpClient.newHttpClient();
        String outcome;
        try {
          client.send(request, HttpResponse.BodyHandlers.ofString());
          Thread.sleep((long) (idle * 1000));
          int status = client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
          outcome = status == 200 ? "ok" : "status " + status;
        } catch (Exception e) {
          outcome = e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).replace('"', '\'');
        }
        synchronized (results) {
          results.add("{\"idle\":" + idle + ",\"outcome\":\"" + outcome + "\"}");
        }
      });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) thread.join();
    System.out.println("[" + String.join(",", results) + "]");
  }
}
